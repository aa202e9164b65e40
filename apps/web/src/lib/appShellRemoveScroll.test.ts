import { RemoveScroll as realRemoveScroll } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from './appShellRemoveScroll';

describe("the AppShell's stand-in for react-remove-scroll", () => {
  it('has the class names a dialog’s scroll lock looks for', () => {
    expect(RemoveScroll.classNames).toEqual(realRemoveScroll.classNames);
  });
});
