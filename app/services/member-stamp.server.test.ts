import { expect, test } from "vitest";
import type { User } from "../../contract/user";
import { memberStamp } from "./member-stamp.server";

const member = {
  id: 7,
  credits: 40,
  unread_messages: 0,
  new_likes: 2,
  profile: { main_image: null },
} as unknown as User;

test("the stamp stays while nothing of the member moved, and moves with a count, the credits or the photo", () => {
  expect(memberStamp({ ...member })).toBe(memberStamp(member));
  const moved = [
    { ...member, unread_messages: 1 },
    { ...member, new_likes: 3 },
    { ...member, credits: 30 },
    { ...member, profile: { ...member.profile, main_image: { thumb_filename: "a.jpg" } } },
  ] as unknown as User[];
  const stamps = new Set([member, ...moved].map(memberStamp));
  expect(stamps.size).toBe(5);
});
