import { ENTITLEMENT_TTL_MS } from './entitlements';
import { PUBLIC_ROUTES } from './access';
import { DEFAULT_EXPENSIVE_LIMITS } from './expensiveLimit';
import type { InventoryRoute } from './routeInventory';
import { GATED_DATA } from '../policies/gatedData';
import { OBJECT_RULES } from '../policies/objectRules';

/** Where the generated page lives, from the repository root. */
export const ACCESS_DOC_PATH = 'docs/access.md';

/**
 * What a route gives a caller without a feature when the route itself is open to every user:
 * the field-level half of feature enforcement (the route-level half is in the table, from each
 * route's declaration). Kept here, beside the generator, so the page says it once.
 */
const FIELD_RULES = `| feature | route | without the feature |
|---|---|---|
| \`s_and_p_ratings\` | \`GET /v2/bond\`, \`GET /v2/download/bonds.csv\` | \`ratingSP\` is left out of the default columns; asking for it as a column or a sort key, or using the \`rating\` filter (by the composite rating, which S&P ratings inform), is a 403 naming the feature |
| \`s_and_p_ratings\` | \`GET /v2/market/moves\` | the \`rating\` filter is a 403; \`ratingSP\` is null |
| \`s_and_p_ratings\` | \`GET /v2/bond/:id\` | \`ratings.sp\` and \`analytics.ratingSP\` are null; S&P entries leave \`ratings.history\` |
| \`s_and_p_ratings\` | \`GET /v2/market/summary\` (\`mostActive\`), \`GET /v2/issuer/:id\` (\`bonds\`) | \`ratingSP\` is null |
| \`s_and_p_ratings\` | \`GET /v2/primary/deal\`, \`GET /v2/primary/deal/:id\` (the deal and its \`comparables\`) | \`ratingSp\` is null |
| \`s_and_p_ratings\` | \`POST /v2/primary/calculator\`, its workbook and a pricing sheet's | the issuer's \`rating\` is null (a rating typed in for a hypothetical issuer stays) |
| \`s_and_p_ratings\` | \`POST /v2/hawk/subscriptions\`, \`PATCH /v2/hawk/subscriptions/:id\`, \`POST /v2/hawk/backtest\` | a rating rule on the S&P agency is a 403; a saved one fires only on Moody's once the owner lacks the feature (no notification, e-mail or push of an S&P change) |
| \`bond_table_discount_margin\` | \`GET /v2/bond\`, \`GET /v2/download/bonds.csv\` | \`discountMargin\` is left out of the default columns; asking for it as a column or a sort key is a 403 |
| \`bond_table_discount_margin\` | \`GET /v2/bond/:id\`, \`GET /v2/market/summary\`, \`GET /v2/issuer/:id\` | \`discountMargin\` is null |
| \`term_structure_change_non_delta_metrics\` | \`GET /v2/market/term-structure-change\` | the two curves' levels (\`from\`, \`to\`) are null: only the changes |
| \`term_structure_change_visual_bond\` | \`GET /v2/market/term-structure-change\` | \`bonds\` is empty |

Each gated datum is declared once, by what it is, in \`server/policies/gatedData.ts\`: its feature and
every spelling and path it appears under (${GATED_DATA.map((d) => `${d.what}: ${[...d.fields, ...(d.pairedKey ? [`${d.pairedKey.key} beside ${d.pairedKey.beside}`] : []), ...(d.entry ? [`entries with ${d.entry.key} ${d.entry.value}`] : []), ...(d.routePaths?.length ? ['paths of the routes above'] : [])].map((x) => `\`${x}\``).join(', ')}`).join('; ')}).
Every \`/v2\` answer, the workbooks and market hawk read it; \`server/policies/gatedData.test.ts\` walks every
route and notification kind as a user without each feature.
Not behind a feature, on purpose: custom bond tables (\`/v2/bond-tables\`) store views, not market
data — a saved view may name a gated column or the rating filter, and the data is refused or left
out where it is read; the market summary's and detail's \`IG\`, \`HY\` and \`rating:<bucket>\`
segments are aggregates over S&P classes (levels and bond counts, never a bond's rating); a bond's
price history is the history page's own series, not the bond table's sparklines.`;

/** Who may read and change which object, from server/policies/objectRules.ts. */
function objectRules(): string[] {
  return [
    'Which object a caller may read or change is decided by small predicates in `server/policies/`, one',
    'file per kind of object; the services read the object and call them. A caller who may not know an',
    'object exists is answered 404, as for an unknown id; one who may read it but not change it, 403.',
    '',
    '| object | who may read | who may change | decided by |',
    '|---|---|---|---|',
    ...OBJECT_RULES.map(
      (r) => `| ${r.object} | ${r.read} | ${r.change} | ${r.predicates.map((p) => `\`${p.name}\``).join(', ')} in \`${r.file}\` |`,
    ),
  ];
}

/** docs/access.md: every route and its access, from the route inventory (`npm run docs:access`). */
export function renderAccessDoc(routes: readonly InventoryRoute[]): string {
  const rows = routes
    .filter((r) => !r.hidden)
    .map((r) => `| \`${r.method} ${r.url}\` | ${r.access}${r.expensive ? ' · expensive' : ''} |`)
    .sort();
  return [
    '# Access by route',
    '',
    'Generated from the route inventory by `npm run docs:access`; `server/plugins/access.test.ts`',
    'fails when this page and the routes disagree. Each route declares its access in `config`',
    '(docs/ARCHITECTURE.md, "Access rules"); one hook enforces it before the body is',
    'parsed or validated.',
    '',
    'Levels: `public` (anyone); `user` (a signed-in caller, else 401); `admin` (else 403).',
    "`own account`: the `:id` is the caller's own user id, else 403; `own account or admin`: or the",
    'caller is an admin. `feature X`: 403 `{ error }` naming the feature unless the caller can use it',
    'here (level 2 on a production host, 1 or more elsewhere). `active subscription`: 402 with a',
    "message once the caller's trial has ended (the web app shows its trial-ended page); employees,",
    `admins and subscribed organisations pass. Entitlements are re-read at most every ${ENTITLEMENT_TTL_MS / 1000} s per instance.`,
    '',
    `Public routes under \`/v2\` and \`/admin\` (\`PUBLIC_ROUTES\`): ${PUBLIC_ROUTES.map((r) => `\`${r}\``).join(', ')}.`,
    'Sign-in under `/auth`, `/health` and the API document are public by nature.',
    '',
    `\`expensive\` (declared \`config.expensive\`): a caller may have ${DEFAULT_EXPENSIVE_LIMITS.perCaller} such requests in flight at once, the next is a`,
    `429 \`{ error }\` with Retry-After; an instance runs ${DEFAULT_EXPENSIVE_LIMITS.running} at once and queues ${DEFAULT_EXPENSIVE_LIMITS.queued} more (then 503 with`,
    'Retry-After) — `server/plugins/expensiveLimit.ts`.',
    '',
    '## Fields and filters behind features',
    '',
    FIELD_RULES,
    '',
    '## Object rules',
    '',
    ...objectRules(),
    '',
    '## Routes',
    '',
    '| route | access |',
    '|---|---|',
    ...rows,
    '',
  ].join('\n');
}
