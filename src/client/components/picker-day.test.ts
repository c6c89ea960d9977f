import dayjs from 'dayjs';
import 'dayjs/locale/nb';
import { describe, expect, it } from 'vitest';
import { formatPickerDay, PICKER_DAY_FORMAT } from './picker-day';

describe('formatPickerDay', () => {
  it('reads as dayjs formats the picker with the Norwegian locale, for every month', () => {
    for (let month = 1; month <= 12; month++) {
      for (const day of [1, 9, 28]) {
        const iso = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        expect(formatPickerDay(iso)).toBe(dayjs(iso).locale('nb').format(PICKER_DAY_FORMAT));
      }
    }
  });

  it('leaves text that is not a day as it is', () => {
    expect(formatPickerDay('i morgen')).toBe('i morgen');
    expect(formatPickerDay('2026-13-01')).toBe('2026-13-01');
  });
});
