import type { FastifyInstance } from 'fastify';
import maintenanceRoutes from './admin/maintenance';
import clientErrorRoutes from './clientErrors';
import healthRoutes from './health';
import bondRoutes from './bond';
import issuerRoutes from './issuer';
import tradeRoutes from './trade';
import marketRoutes from './market';
import primaryRoutes from './primary';
import pricingSheetRoutes from './pricingSheets';
import bondTableRoutes from './bondTables';
import adminAccountRoutes from './admin/accounts';
import adminUploadRoutes from './admin/upload';
import adminDealRoutes from './admin/deals';
import adminEdgarRoutes from './admin/edgar';
import adminAuditLogRoutes from './admin/auditLog';
import adminSystemRoutes from './admin/system';
import adminTradesMissingBondsRoutes from './admin/tradesMissingBonds';
import adminUserRoutes from './admin/users';
import adminDomainRoutes from './admin/domains';
import adminOnboardingRoutes from './admin/onboarding';
import authRoutes from './auth';
import userRoutes from './user';

/** Every route module of the API, in one list. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(clientErrorRoutes);
  await app.register(maintenanceRoutes);
  await app.register(bondRoutes);
  await app.register(issuerRoutes);
  await app.register(tradeRoutes);
  await app.register(marketRoutes);
  await app.register(primaryRoutes);
  await app.register(pricingSheetRoutes);
  await app.register(bondTableRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(adminAccountRoutes);
  await app.register(adminUploadRoutes);
  await app.register(adminDealRoutes);
  await app.register(adminEdgarRoutes);
  await app.register(adminAuditLogRoutes);
  await app.register(adminSystemRoutes);
  await app.register(adminTradesMissingBondsRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminDomainRoutes);
  await app.register(adminOnboardingRoutes);
}
