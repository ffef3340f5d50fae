import countryNames from 'i18n-iso-countries';
import englishCountries from 'i18n-iso-countries/langs/en.json';
import provinceData from 'provinces/provinces.json';

/**
 * The option data as the packages give it. Node-only in practice (the packages are large): the
 * browser gets the compact lists written from this by generate.ts, and a test checks they agree.
 */
export function countriesFromPackage(): [alpha3: string, name: string][] {
  countryNames.registerLocale(englishCountries);
  const names = countryNames.getNames('en', { select: 'official' });
  return Object.entries(names)
    .map(([alpha2, name]): [string, string] => [countryNames.alpha2ToAlpha3(alpha2) ?? '', name])
    .filter(([alpha3]) => alpha3 !== '')
    .sort((a, b) => a[1].localeCompare(b[1], 'en'));
}

type Province = { readonly name: string; readonly country: string };

export function regionsFromPackage(country: 'US' | 'CA'): string[] {
  return (provinceData as readonly Province[])
    .filter((province) => province.country === country)
    .map((province) => province.name)
    .sort((a, b) => a.localeCompare(b, 'en'));
}
