import { RemoveScroll as library } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from './remove-scroll-class-names';

describe("the shell header's class names for react-remove-scroll", () => {
  it('gives the class names the library gives (a Modal opened over the shell keeps its header in place)', () => {
    expect(RemoveScroll.classNames).toEqual(library.classNames);
  });
});
