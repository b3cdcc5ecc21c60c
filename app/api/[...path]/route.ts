import { unknownApiRoute } from '@/lib/server/route';

export const dynamic = 'force-dynamic';

/** Every /api address no other route serves: a typed JSON 404 (lib/server/route.ts unknownApiRoute). */
export const GET = unknownApiRoute;
export const POST = unknownApiRoute;
export const PUT = unknownApiRoute;
export const PATCH = unknownApiRoute;
export const DELETE = unknownApiRoute;
