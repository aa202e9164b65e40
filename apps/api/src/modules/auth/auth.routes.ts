import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { route } from '../../http/route';
import { refuseCrossSite } from '../../http/sameOrigin';
import { DEVICE_COOKIE, DEVICE_COOKIE_TTL_MS } from './deviceCookie';
import { REFRESH_TOKEN_TTL_MS } from './tokens';
import { type AuthContext, login, logout, refresh } from './auth.service';

export const REFRESH_COOKIE = 'faktura_refresh';
/** The cookie goes only to the refresh path: POST rotates it, DELETE signs out. */
export const REFRESH_PATH = contract.auth.refresh.path;

/**
 * `secure: 'auto'`: Secure whenever the request came over HTTPS, which behind a reverse proxy is
 * its `X-Forwarded-Proto: https`, believed only from an address in FAKTURA_TRUST_PROXY.
 */
const cookieOptions = {
  httpOnly: true,
  sameSite: 'strict' as const,
  path: REFRESH_PATH,
  secure: 'auto' as const,
  maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
};
const clearOptions = { path: REFRESH_PATH, sameSite: 'strict' as const, secure: 'auto' as const, httpOnly: true };

/**
 * The device cookie (decision 025) goes to the sign-in routes only (`/api/v1/login` and below), for
 * a year; HttpOnly, SameSite=Strict and Secure over TLS like the refresh cookie.
 */
const deviceCookieOptions = {
  httpOnly: true,
  sameSite: 'strict' as const,
  path: contract.auth.login.path,
  secure: 'auto' as const,
  maxAge: Math.floor(DEVICE_COOKIE_TTL_MS / 1000),
};

export const authRoutes =
  (ctx: AuthContext): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.auth.login, async (request, reply) => {
      const client = { address: request.ip, deviceCookie: request.cookies[DEVICE_COOKIE] };
      const { profile, refreshToken, deviceCookie } = await login(ctx, request.body.username, request.body.password, client);
      void reply.setCookie(REFRESH_COOKIE, refreshToken, cookieOptions);
      void reply.setCookie(DEVICE_COOKIE, deviceCookie, deviceCookieOptions);
      return { data: profile };
    });

    route(
      app,
      contract.auth.refresh,
      async (request, reply) => {
        try {
          const { token, refreshToken } = await refresh(ctx, request.cookies[REFRESH_COOKIE]);
          void reply.setCookie(REFRESH_COOKIE, refreshToken, cookieOptions);
          return { data: token };
        } catch (error) {
          void reply.clearCookie(REFRESH_COOKIE, clearOptions);
          throw error;
        }
      },
      { preHandler: refuseCrossSite },
    );

    route(
      app,
      contract.auth.logout,
      async (request, reply) => {
        await logout(ctx, request.cookies[REFRESH_COOKIE]);
        void reply.clearCookie(REFRESH_COOKIE, clearOptions);
        return { data: { ok: true as const } };
      },
      { preHandler: refuseCrossSite },
    );
    return Promise.resolve();
  };
