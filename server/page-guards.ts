import type { NextFunction, Request, Response } from "express";

/** Form posts to pages carry a few fields; nothing a member types comes near this (photo uploads have their own). */
export const pageBodyLimitBytes = 100 * 1024;
/** A photo sent in chat: the API's 10 MB image limit plus the form's own fields and boundaries. */
export const uploadBodyLimitBytes = 10 * 1024 * 1024 + 64 * 1024;
/**
 * The pages whose forms send a photo (the chat screens), also as React Router's single fetch posts them with
 * JavaScript (`/chats/12.data`): without it, a photo over 100 kB sent with JavaScript on was refused with 413.
 */
const uploadPages = /^\/(chats\/\d+|members\/\d+\/chat)(\.data)?$/;
const pageMethods = ["GET", "HEAD", "POST"];
const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];

function refuse(res: Response, status: number, text: string) {
  res.status(status).type("text/plain").send(text);
}

/**
 * What a page route accepts, checked before React Router reads anything: GET, HEAD and form POSTs (405 else), a
 * declared length of at most 100 kB (411, 413), and a form's content type (415). A body that still cannot be read
 * as a form is refused with 400 by the root middleware.
 */
export function guardPageRequests(req: Request, res: Response, next: NextFunction) {
  if (!pageMethods.includes(req.method)) {
    res.set("Allow", pageMethods.join(", "));
    return refuse(res, 405, "Method Not Allowed");
  }
  if (req.method !== "POST") return next();
  const length = req.get("content-length");
  if (length === undefined) return refuse(res, 411, "Length Required");
  if (!/^\d+$/.test(length)) return refuse(res, 400, "Bad Request");
  const limit = uploadPages.test(req.path) ? uploadBodyLimitBytes : pageBodyLimitBytes;
  if (Number(length) > limit) {
    // The body is not read: the connection closes after the answer.
    res.set("Connection", "close");
    return refuse(res, 413, "Payload Too Large");
  }
  const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (Number(length) > 0 && !formTypes.includes(type)) return refuse(res, 415, "Unsupported Media Type");
  next();
}
