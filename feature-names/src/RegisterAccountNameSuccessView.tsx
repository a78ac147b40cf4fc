import { usePluginContext } from '@latch/react';
import { useEffect, useRef } from 'react';
import type { NamesPlugin } from './createNamesPlugin.js';
import { Styles } from './viewSupport.js';

/** §2 RegisterAccountNameSuccess: the name is the account's now. */
export default function RegisterAccountNameSuccessView({ data }: { data?: unknown }) {
  const { router } = usePluginContext<NamesPlugin>();
  const name = typeof (data as { name?: unknown } | undefined)?.name === 'string' ? (data as { name: string }).name : undefined;
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="names" data-testid="latch-RegisterAccountNameSuccess">
      <Styles />
      <p className="big-name" data-testid="latch-registered-name">
        {name ?? 'Your name'}
      </p>
      <p className="note" role="status">
        is registered to your account. It shows in your account and others can send to it.
      </p>
      <button ref={done} type="button" className="button primary block" onClick={() => router.reset('Account')}>
        Back to account
      </button>
    </div>
  );
}
