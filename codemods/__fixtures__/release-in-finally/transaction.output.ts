import type { Server } from "@modelcontextprotocol/sdk/server/index.js";

declare const server: Server;
interface Transaction {
  query(sql: string): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}
declare const db: { begin(): Promise<Transaction> };

export async function renameWithConsent(id: number): Promise<void> {
  const tx = await db.begin();
  try {
    const answer = await server.elicitInput({
      message: "New name?",
      requestedSchema: { type: "object", properties: { name: { type: "string" } } },
    });
    await tx.query(`UPDATE items SET name = '${String(answer.content?.name)}' WHERE id = ${id}`);
    await tx.commit();
  } catch (error) {
    await tx.rollback();
    throw error;
  }
}
