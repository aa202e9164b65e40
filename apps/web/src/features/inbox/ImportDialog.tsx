import { useState } from 'react';
import { Anchor, Badge, Button, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportAnswer, ImportResult } from '@faktura/shared';
import { useDialogFullScreen } from '../../components/useDialogFullScreen';
import { errorReason } from '../../lib/apiError';
import { importFiles } from './api';

interface ImportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** After an import that kept something: the list shows it. */
  onImported: () => void;
}

const OUTCOME_COLOURS: Record<ImportResult['outcome'], string> = { IMPORTED: 'green', DUPLICATE: 'gray', REFUSED: 'red' };

/**
 * "Import XML": received e-invoices the user got by e-mail or from a portal, as files (several at
 * once) or a zip; each file's outcome with its reason in the user's language, and a link to what was kept.
 */
export function ImportDialog({ opened, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useDialogFullScreen();
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function close() {
    setFiles([]);
    setAnswer(null);
    setFailure(null);
    onClose();
  }

  async function submit() {
    if (files.length === 0) return;
    setSending(true);
    setFailure(null);
    try {
      const result = await importFiles(files);
      setAnswer(result);
      setFiles([]);
      if (result.imported > 0) onImported();
    } catch (error) {
      setFailure(errorReason(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={t('inbox.import.title')} size="lg" fullScreen={fullScreen}>
      <Stack gap="md">
        <Text size="sm">{t('inbox.import.intro')}</Text>
        <FileInput
          label={t('inbox.import.files')}
          placeholder={t('inbox.import.placeholder')}
          multiple
          clearable
          accept=".xml,.zip,application/xml,text/xml,application/zip"
          value={files}
          onChange={(chosen) => {
            setFiles(chosen);
            setFailure(null);
          }}
          error={failure}
        />
        <Group justify="flex-end">
          <Button leftSection={<IconFileImport size={18} />} disabled={files.length === 0} loading={sending} onClick={() => void submit()}>
            {t('inbox.import.submit')}
          </Button>
        </Group>
        {answer && (
          <Stack gap="xs" role="region" aria-label={t('inbox.import.results')}>
            <Text fw={600} size="sm" role="status">
              {t('inbox.import.summary', { imported: answer.imported, duplicates: answer.duplicates, refused: answer.refused })}
            </Text>
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {answer.results.map((result, index) => (
                <li key={`${result.file}-${String(index)}`}>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Badge color={OUTCOME_COLOURS[result.outcome]} variant="light" size="sm" style={{ flexShrink: 0, textTransform: 'none' }}>
                      {t(`inbox.import.outcome.${result.outcome}`)}
                    </Badge>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {result.file}
                        {result.id !== null && result.number && (
                          <>
                            {' · '}
                            <Anchor component={Link} to={`/Inbox/${String(result.id)}`} onClick={close} size="sm">
                              {t('inbox.import.open', { number: result.number })}
                            </Anchor>
                          </>
                        )}
                      </Text>
                      {result.reason && (
                        <Text size="xs" c={result.outcome === 'REFUSED' ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                          {result.reason}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
