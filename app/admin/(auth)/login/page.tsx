// /admin/login is the same screen as /login (spec section 2 names both).
export { default, metadata } from "@/app/login/page";
