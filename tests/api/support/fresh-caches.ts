import { beforeAll } from "vitest";
import { dropApiSiteCaches } from "../../../api/settings/site-caches";

// The files of one worker share the API's modules (vitest.config.ts, `isolate: false`): each file starts without
// the sites another file's database put in the API's caches.
beforeAll(() => dropApiSiteCaches());
