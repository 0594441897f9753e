// Steps the rooms' browser tests share (online.spec.ts, online-static.spec.ts).
import { expect, type Page } from "@playwright/test";

/** With the new-game form filled in on `host`: checks "Play online",
 * starts the room, takes the `colour` seat under `name`, and returns the
 * invite link. */
export async function openRoom(host: Page, name: string, colour: string): Promise<string> {
  await host.check("[data-setup-online]");
  await host.click('[data-action="start"]');
  await host.locator('[data-screen="room"]').waitFor();
  const link = host.locator("[data-room-link]");
  await expect(link).toHaveAttribute("data-room-link", /#room=[0-9a-f]{32}$/);
  const invite = (await link.getAttribute("data-room-link"))!;
  await host.fill("[data-room-name]", name);
  await host.click(`[data-action="take-seat"][data-colour="${colour}"]`);
  return invite;
}
