import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActionBar } from '../ActionBar';

/** A dialog form's Cancel and Save; Save spins and Cancel waits while the form is being saved. */
export function FormActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionBar>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        {t('recordActions.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {t('recordActions.save')}
      </Button>
    </ActionBar>
  );
}
