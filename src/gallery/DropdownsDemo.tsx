import { useState } from 'react';
import { Dropdown, type OptionItem } from '@frontdoor/ui';
import { useGalleryT } from './gallery-texts';
import type { GalleryTextKey, KeysIn } from '../i18n/text-keys';
import { Demo, GallerySection } from './GallerySection';
import { FLAGS } from './sample-images';

/** Dropdowns: single, searchable with images and descriptions, grouped multi-select, global selection. */
export function DropdownsDemo() {
  const t = useGalleryT();
  const d = (key: KeysIn<GalleryTextKey, 'gallery.dropdowns'>) => t(`gallery.dropdowns.${key}`);
  const [country, setCountry] = useState<string[]>([]);
  const [teams, setTeams] = useState<string[]>(['design']);
  const [allTeams, setAllTeams] = useState<string[]>(['all']);
  const countries: OptionItem[] = (Object.keys(FLAGS) as (keyof typeof FLAGS)[]).map((key) => ({
    value: key,
    text: d(key),
    image: FLAGS[key],
    description: d(`${key}-capital`),
  }));
  const teamOptions: OptionItem[] = [
    { value: 'design', text: d('design'), groupKey: 'product' },
    { value: 'engineering', text: d('engineering'), groupKey: 'product' },
    { value: 'sales', text: d('sales'), groupKey: 'business' },
    { value: 'support', text: d('support'), groupKey: 'business' },
  ];
  const groups = [
    { key: 'product', label: d('product') },
    { key: 'business', label: d('business') },
  ];
  const search = { label: t('toolkit.search'), placeholder: t('toolkit.search-placeholder'), noResults: t('toolkit.no-results') };
  const plainCountries = countries.map(({ value, text }) => ({ value, text }));

  return (
    <GallerySection id="dropdowns" title={t('gallery.section.dropdowns')}>
      <Demo title="Dropdown" wide>
        <Dropdown label={d('country')} options={plainCountries} placeholder={d('country-placeholder')} />
        <Dropdown label={`${d('region')} · ${t('gallery.state.disabled')}`} options={plainCountries} defaultValue={['switzerland']} disabled />
        <Dropdown
          label={`${d('country')} · ${t('gallery.state.error')}`}
          options={plainCountries}
          placeholder={d('country-placeholder')}
          required
          errors={[d('error')]}
        />
        <Dropdown label={d('country')} options={countries} value={country} setValue={setCountry} placeholder={d('country-placeholder')} search={search} />
        <Dropdown label={d('teams')} multiple options={teamOptions} groups={groups} value={teams} setValue={setTeams} placeholder={d('teams-placeholder')} />
        <Dropdown
          label={`${d('teams')} · ${d('all-teams')}`}
          multiple
          globalSelection={{ value: 'all', text: d('all-teams') }}
          options={teamOptions}
          groups={groups}
          value={allTeams}
          setValue={setAllTeams}
          placeholder={d('teams-placeholder')}
        />
      </Demo>
    </GallerySection>
  );
}
