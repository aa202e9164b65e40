import { Button, Group, SegmentedControl } from '@mantine/core';
import { IconDownload, IconFileTypeXml, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '@faktura/shared';

interface PreviewToolbarProps {
  /** Shown only for a client outside Croatia; a Croatian client's invoice is always Croatian. */
  switchable: boolean;
  language: Language;
  onLanguage: (language: Language) => void;
  /** Print and download wait until the invoice is shown. */
  ready: boolean;
  downloading: boolean;
  onPrint: () => void;
  onDownload: () => void;
  /** The e-invoice download, for issued documents only (a draft has no e-invoice). */
  xml?: { busy: boolean; onDownload: () => void };
}

/** The dialog's own controls, in the screen's language (the sheet below is in the invoice's). */
export function PreviewToolbar(props: PreviewToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end" className="fk-no-print">
      {props.switchable && (
        <SegmentedControl
          size="xs"
          aria-label={t('preview.language')}
          value={props.language}
          onChange={(value) => props.onLanguage(value as Language)}
          data={LANGUAGES.map((language) => ({
            value: language,
            label: <span title={t(`preview.languages.${language}`)}>{language.toUpperCase()}</span>,
          }))}
        />
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        disabled={!props.ready}
        onClick={props.onPrint}
      >
        {t('preview.print')}
      </Button>
      <Button
        size="xs"
        leftSection={<IconDownload size={16} aria-hidden />}
        disabled={!props.ready}
        loading={props.downloading}
        onClick={props.onDownload}
      >
        {t('preview.download')}
      </Button>
      {props.xml && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFileTypeXml size={16} aria-hidden />}
          disabled={!props.ready}
          loading={props.xml.busy}
          onClick={props.xml.onDownload}
        >
          {t('preview.downloadXml')}
        </Button>
      )}
    </Group>
  );
}
