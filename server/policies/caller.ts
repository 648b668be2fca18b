/** Who asks, as every object rule sees them: the signed-in user and whether they are an admin. */
export interface PolicyCaller {
  userId: string;
  isAdmin: boolean;
}
