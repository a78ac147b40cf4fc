import { SOMETHING_WENT_WRONG_MESSAGE } from '@latch/kernel';
import { type FrameChannelMessage, OAUTH_PROVIDERS, randomId } from '@latch/connector-embedded/protocol';
import type { Logins, ServiceClient } from './serviceClient.js';
import { ServiceReplyError } from './serviceClient.js';
import type { SocialFlows } from './socialFlows.js';
import type { FrameChannel } from './walletFlows.js';

/*
 * The wallet's sign-in methods page (`/frame/logins`, on the service's origin, shown by the host's Account view):
 * the list of ways the owner signs in, a code mailed to prove it is them (or signing in again with a provider they
 * already use), then adding a provider account (in a popup the page opens) or removing one. The page talks only to
 * this frame, over the same-origin channel; the host page sees none of it.
 */

type Request = Extract<FrameChannelMessage, { frame: string; id: string }>;

export interface LoginsOptions {
  channel: FrameChannel;
  service(): ServiceClient | undefined;
  /** The signed-in session's token, if any. */
  token(): string | undefined;
  flows: SocialFlows;
}

export function createLoginsFlows(options: LoginsOptions) {
  const { channel } = options;
  /** This frame among the host's tabs: the page talks to the first one that answered. */
  const frame = randomId();

  async function publish(): Promise<Logins | undefined> {
    const token = options.token();
    const service = options.service();
    if (!token || !service) {
      channel.postMessage({ kind: 'logins:signed-out', frame });
      return undefined;
    }
    const state = await service.getLogins(token);
    const linkable = OAUTH_PROVIDERS.filter((provider) => state.linkable.includes(provider));
    channel.postMessage({ kind: 'logins:state', frame, state: { ...state, linkable } });
    return state;
  }

  async function run(request: Request, token: string, service: ServiceClient): Promise<void> {
    switch (request.kind) {
      case 'logins:send-code':
        return service.sendStepUpCode(token);
      case 'logins:code':
        return service.stepUp(token, request.otp);
      case 'logins:unlink':
        return service.unlink(token, request.method);
      case 'logins:link': {
        const started = await options.flows.startSocial(request.provider, undefined, {
          kind: request.purpose,
          token,
          allowDifferentEmail: request.allowDifferentEmail,
        });
        channel.postMessage({ kind: 'logins:started', id: request.id, url: started.url });
        await options.flows.waitSocial(started.intentId, { token });
        return;
      }
    }
  }

  return {
    async onChannel(message: FrameChannelMessage) {
      if (message.kind === 'logins:hello') return void publish().catch(() => channel.postMessage({ kind: 'logins:signed-out', frame }));
      if (!('frame' in message) || !('id' in message) || message.frame !== frame) return;
      const request = message as Request;
      const token = options.token();
      const service = options.service();
      try {
        if (!token || !service) throw new ServiceReplyError('not_connected', 'Sign in to your wallet first', 401);
        await run(request, token, service);
        channel.postMessage({ kind: 'logins:result', id: request.id, ok: true });
      } catch (error) {
        const failure = error instanceof ServiceReplyError ? error : new ServiceReplyError('internal', SOMETHING_WENT_WRONG_MESSAGE, 0);
        channel.postMessage({
          kind: 'logins:result',
          id: request.id,
          ok: false,
          code: failure.code,
          message: failure.message.slice(0, 300),
        });
      }
      await publish().catch(() => undefined);
    },
  };
}
