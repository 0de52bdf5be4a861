import type { ChatMessage } from '@sparks/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerSlots } from '../answer-slots';
import { isAppPath, safeLinkUrl } from '../chat-rules';
import { SparkIcon, isSparkIconName } from '../../../components/ui/spark-icon';
import { ChoiceButtons, type Choice } from './choice-buttons';
import { CopyBlock } from '../../../components/ui/copy-block';
import { InfoList } from '../../../components/ui/info-list';
import { UsageBars, type UsageRow } from '../../../components/ui/usage-bars';
import { WidgetPreview } from './widget-preview';

export interface ActionHandlers {
  onSend: (text: string) => void;
  /** A route inside the app the card points to (the view decides whether it may go there). */
  onGoto: (path: string) => void;
  disabled: boolean;
}

type Fields = Record<string, unknown>;

const records = (value: unknown): Fields[] => (Array.isArray(value) ? value.filter((item): item is Fields => typeof item === 'object' && item !== null) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** Only plain colour values reach a style attribute, so a card can never load anything through CSS. */
const COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([\d\s.,%/]+\)|[a-z]{3,20})$/i;
const colour = (value: unknown): string | undefined => {
  const candidate = text(value)?.trim();
  return candidate && COLOUR.test(candidate) ? candidate : undefined;
};

function Swatch({ value, label }: { value: string | undefined; label?: string }) {
  if (!value) return null;
  return (
    <span
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className="inline-block size-4 shrink-0 rounded-full border border-black/10"
      style={{ backgroundColor: value }}
    />
  );
}

function Frame({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="space-y-3">
      {title && <p className="font-semibold">{title}</p>}
      {children}
    </div>
  );
}

/** product.md §3 in-chat action cards; an unknown type never gets here (the list leaves it out). */
export function ActionCard({ message, onSend, onGoto, disabled, liveCard }: { message: ChatMessage; liveCard?: AnswerSlots['liveCard'] } & ActionHandlers) {
  const { t } = useTranslation();
  const data = message.data as Fields & ChatMessage['data'];
  const title = text(data.title);
  const live = text(data.live);
  const drawnLive = live && liveCard ? liveCard(live, data) : null;
  if (drawnLive) return drawnLive;

  switch (data.type) {
    case 'card': {
      const rows = (data.info ?? []).map((row) => ({ label: row.label, value: row.value }));
      // A card may mark one row as something to copy (the embed code).
      const copyIndex = typeof data.copy === 'number' ? data.copy : -1;
      const copied = rows[copyIndex]?.value;
      const usage = records(data.usage).flatMap((row): UsageRow[] => {
        const label = text(row.label);
        return label && typeof row.used === 'number' && typeof row.limit === 'number' ? [{ label, used: row.used, limit: row.limit }] : [];
      });
      return (
        <Frame title={title}>
          {copied ? (
            <>
              <CopyBlock value={copied} label={rows[copyIndex]?.label} />
              <InfoList rows={rows.filter((_row, index) => index !== copyIndex)} />
            </>
          ) : (
            <InfoList rows={rows} />
          )}
          {usage.length > 0 && <UsageBars rows={usage} />}
        </Frame>
      );
    }
    case 'userCard':
      return (
        <Frame title={title}>
          <InfoList rows={records(data.info).map((row) => ({ label: text(row.type) ?? text(row.label), value: text(row.result) ?? text(row.value) }))} />
        </Frame>
      );
    case 'buttons': {
      const choices: Choice[] = (data.buttons ?? []).flatMap((button): Choice[] => {
        if (button.value) return [{ label: button.label, onChoose: () => onSend(button.value ?? button.label) }];
        if (button.goto && isAppPath(button.goto)) return [{ label: button.label, onChoose: () => onGoto(button.goto ?? '/') }];
        const href = button.link ? safeLinkUrl(button.link) : undefined;
        return href ? [{ label: button.label, href }] : [];
      });
      return (
        <Frame title={title}>
          <ChoiceButtons label={title ?? t('chat.choices')} choices={choices} disabled={disabled} />
        </Frame>
      );
    }
    case 'options': {
      const fromStrings: Choice[] = (data.options ?? []).map((option) => ({ label: option, onChoose: () => onSend(option) }));
      // product.md §3 selector items: name, icon, value, label, goto.
      const fromItems: Choice[] = records(data.items).flatMap((item): Choice[] => {
        const label = text(item.label) ?? text(item.name);
        if (!label) return [];
        const goto = text(item.goto);
        if (goto && isAppPath(goto)) return [{ label, onChoose: () => onGoto(goto) }];
        return [{ label, onChoose: () => onSend(text(item.value) ?? label) }];
      });
      return (
        <Frame title={title}>
          <ChoiceButtons label={title ?? t('chat.choices')} choices={[...fromStrings, ...fromItems]} disabled={disabled} />
        </Frame>
      );
    }
    case 'colorPalette': {
      const choices: Choice[] = records(data.palettes).flatMap((palette): Choice[] => {
        const name = text(palette.name);
        if (!name) return [];
        const decoration = (
          <span className="inline-flex gap-0.5" aria-hidden="true">
            <Swatch value={colour(palette.primary)} />
            <Swatch value={colour(palette.secondary)} />
          </span>
        );
        return [{ label: name, decoration, onChoose: () => onSend(name) }];
      });
      return (
        <Frame title={title}>
          <ChoiceButtons label={title ?? t('chat.cards.palettes')} choices={choices} disabled={disabled} />
        </Frame>
      );
    }
    case 'iconSelector': {
      // Known icons are drawn by the app; an icon's address is never loaded from elsewhere.
      const choices: Choice[] = records(data.icons).flatMap((icon): Choice[] => {
        const name = text(icon.name);
        if (!name) return [];
        const decoration = isSparkIconName(name) ? <SparkIcon name={name} className="size-5" /> : undefined;
        // The owner's message says what the button said ("Libro"), which the assistant reads as the icon's name.
        const label = text(icon.label) ?? name;
        return [{ label, decoration, onChoose: () => onSend(label) }];
      });
      return (
        <Frame title={title}>
          <ChoiceButtons label={title ?? t('chat.cards.icons')} choices={choices} disabled={disabled} />
        </Frame>
      );
    }
    case 'widgetPreview': {
      const theme = (typeof data.theme === 'object' && data.theme !== null ? data.theme : data) as Fields;
      const palette = (typeof theme.palette === 'object' && theme.palette !== null ? theme.palette : {}) as Fields;
      const icon = text(theme.icon) ?? text((theme.icon as Fields | undefined)?.name);
      return (
        <WidgetPreview
          title={title ?? t('chat.cards.widgetPreview')}
          name={text(data.name)}
          greeting={text(data.initialMessage)}
          primary={colour(palette.primary)}
          secondary={colour(palette.secondary)}
          icon={icon}
        />
      );
    }
    case 'onboarding': {
      const steps = (Array.isArray(data.onboarding) ? data.onboarding : []).flatMap((step: unknown): string[] => {
        const fields = (typeof step === 'object' && step !== null ? step : {}) as Fields;
        const label = text(step) ?? text(fields.title) ?? text(fields.label) ?? text(fields.name);
        return label ? [label] : [];
      });
      return (
        <Frame title={title ?? t('chat.cards.onboarding')}>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {steps.map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </ol>
        </Frame>
      );
    }
    default:
      return null;
  }
}
