/// The App Store's 175 storefronts: ISO 3166-1 alpha-3 code (as StoreKit's
/// `Storefront.countryCode`) to alpha-2 region and the ISO 4217 currency the App Store
/// charges there.
///
/// Sources: App Store Connect Help, "App Store countries and regions" and "Financial report
/// regions and currencies" (Bosnia and Herzegovina, Montenegro and Serbia are billed in euros;
/// Bulgaria in euros since 1 January 2026), cross-checked with public territory-currency
/// tables. Many storefronts are billed in US dollars.
public enum Storefronts {
    /// Every storefront code, sorted: "AFG" … "ZWE".
    public static let all: [String] = table.keys.sorted()

    /// The currency charged in a storefront: "DEU" is "EUR", "ARG" "USD"; nil if unknown.
    public static func currency(of storefront: String) -> String? {
        table[storefront.uppercased()]?.currency
    }

    /// The ISO 3166-1 alpha-2 region of a storefront: "DEU" is "DE"; nil if unknown.
    public static func region(of storefront: String) -> String? {
        table[storefront.uppercased()]?.region
    }

    /// The storefront of an alpha-2 region: "DE" is "DEU"; nil if the App Store has none there.
    public static func storefront(forRegion alpha2: String) -> String? {
        byRegion[alpha2.uppercased()]
    }

    private static let byRegion: [String: String] = Dictionary(
        uniqueKeysWithValues: table.map { ($0.value.region, $0.key) })

    private static let table: [String: (region: String, currency: String)] = [
        "AFG": ("AF", "USD"), // Afghanistan
        "AGO": ("AO", "USD"), // Angola
        "AIA": ("AI", "USD"), // Anguilla
        "ALB": ("AL", "USD"), // Albania
        "ARE": ("AE", "AED"), // United Arab Emirates
        "ARG": ("AR", "USD"), // Argentina
        "ARM": ("AM", "USD"), // Armenia
        "ATG": ("AG", "USD"), // Antigua and Barbuda
        "AUS": ("AU", "AUD"), // Australia
        "AUT": ("AT", "EUR"), // Austria
        "AZE": ("AZ", "USD"), // Azerbaijan
        "BEL": ("BE", "EUR"), // Belgium
        "BEN": ("BJ", "USD"), // Benin
        "BFA": ("BF", "USD"), // Burkina Faso
        "BGR": ("BG", "EUR"), // Bulgaria (euro since 1 January 2026)
        "BHR": ("BH", "USD"), // Bahrain
        "BHS": ("BS", "USD"), // Bahamas
        "BIH": ("BA", "EUR"), // Bosnia and Herzegovina
        "BLR": ("BY", "USD"), // Belarus
        "BLZ": ("BZ", "USD"), // Belize
        "BMU": ("BM", "USD"), // Bermuda
        "BOL": ("BO", "USD"), // Bolivia
        "BRA": ("BR", "BRL"), // Brazil
        "BRB": ("BB", "USD"), // Barbados
        "BRN": ("BN", "USD"), // Brunei
        "BTN": ("BT", "USD"), // Bhutan
        "BWA": ("BW", "USD"), // Botswana
        "CAN": ("CA", "CAD"), // Canada
        "CHE": ("CH", "CHF"), // Switzerland
        "CHL": ("CL", "CLP"), // Chile
        "CHN": ("CN", "CNY"), // China mainland
        "CIV": ("CI", "USD"), // Côte d’Ivoire
        "CMR": ("CM", "USD"), // Cameroon
        "COD": ("CD", "USD"), // Congo, Democratic Republic of the
        "COG": ("CG", "USD"), // Congo, Republic of the
        "COL": ("CO", "COP"), // Colombia
        "CPV": ("CV", "USD"), // Cape Verde
        "CRI": ("CR", "USD"), // Costa Rica
        "CYM": ("KY", "USD"), // Cayman Islands
        "CYP": ("CY", "EUR"), // Cyprus
        "CZE": ("CZ", "CZK"), // Czechia
        "DEU": ("DE", "EUR"), // Germany
        "DMA": ("DM", "USD"), // Dominica
        "DNK": ("DK", "DKK"), // Denmark
        "DOM": ("DO", "USD"), // Dominican Republic
        "DZA": ("DZ", "USD"), // Algeria
        "ECU": ("EC", "USD"), // Ecuador
        "EGY": ("EG", "EGP"), // Egypt
        "ESP": ("ES", "EUR"), // Spain
        "EST": ("EE", "EUR"), // Estonia
        "FIN": ("FI", "EUR"), // Finland
        "FJI": ("FJ", "USD"), // Fiji
        "FRA": ("FR", "EUR"), // France
        "FSM": ("FM", "USD"), // Micronesia, Federated States of
        "GAB": ("GA", "USD"), // Gabon
        "GBR": ("GB", "GBP"), // United Kingdom
        "GEO": ("GE", "USD"), // Georgia
        "GHA": ("GH", "USD"), // Ghana
        "GMB": ("GM", "USD"), // Gambia
        "GNB": ("GW", "USD"), // Guinea-Bissau
        "GRC": ("GR", "EUR"), // Greece
        "GRD": ("GD", "USD"), // Grenada
        "GTM": ("GT", "USD"), // Guatemala
        "GUY": ("GY", "USD"), // Guyana
        "HKG": ("HK", "HKD"), // Hong Kong
        "HND": ("HN", "USD"), // Honduras
        "HRV": ("HR", "EUR"), // Croatia
        "HUN": ("HU", "HUF"), // Hungary
        "IDN": ("ID", "IDR"), // Indonesia
        "IND": ("IN", "INR"), // India
        "IRL": ("IE", "EUR"), // Ireland
        "IRQ": ("IQ", "USD"), // Iraq
        "ISL": ("IS", "USD"), // Iceland
        "ISR": ("IL", "ILS"), // Israel
        "ITA": ("IT", "EUR"), // Italy
        "JAM": ("JM", "USD"), // Jamaica
        "JOR": ("JO", "USD"), // Jordan
        "JPN": ("JP", "JPY"), // Japan
        "KAZ": ("KZ", "KZT"), // Kazakhstan
        "KEN": ("KE", "USD"), // Kenya
        "KGZ": ("KG", "USD"), // Kyrgyzstan
        "KHM": ("KH", "USD"), // Cambodia
        "KNA": ("KN", "USD"), // Saint Kitts and Nevis
        "KOR": ("KR", "KRW"), // South Korea
        "KWT": ("KW", "USD"), // Kuwait
        "LAO": ("LA", "USD"), // Laos
        "LBN": ("LB", "USD"), // Lebanon
        "LBR": ("LR", "USD"), // Liberia
        "LBY": ("LY", "USD"), // Libya
        "LCA": ("LC", "USD"), // Saint Lucia
        "LKA": ("LK", "USD"), // Sri Lanka
        "LTU": ("LT", "EUR"), // Lithuania
        "LUX": ("LU", "EUR"), // Luxembourg
        "LVA": ("LV", "EUR"), // Latvia
        "MAC": ("MO", "USD"), // Macao
        "MAR": ("MA", "USD"), // Morocco
        "MDA": ("MD", "USD"), // Moldova
        "MDG": ("MG", "USD"), // Madagascar
        "MDV": ("MV", "USD"), // Maldives
        "MEX": ("MX", "MXN"), // Mexico
        "MKD": ("MK", "USD"), // North Macedonia
        "MLI": ("ML", "USD"), // Mali
        "MLT": ("MT", "EUR"), // Malta
        "MMR": ("MM", "USD"), // Myanmar
        "MNE": ("ME", "EUR"), // Montenegro
        "MNG": ("MN", "USD"), // Mongolia
        "MOZ": ("MZ", "USD"), // Mozambique
        "MRT": ("MR", "USD"), // Mauritania
        "MSR": ("MS", "USD"), // Montserrat
        "MUS": ("MU", "USD"), // Mauritius
        "MWI": ("MW", "USD"), // Malawi
        "MYS": ("MY", "MYR"), // Malaysia
        "NAM": ("NA", "USD"), // Namibia
        "NER": ("NE", "USD"), // Niger
        "NGA": ("NG", "NGN"), // Nigeria
        "NIC": ("NI", "USD"), // Nicaragua
        "NLD": ("NL", "EUR"), // Netherlands
        "NOR": ("NO", "NOK"), // Norway
        "NPL": ("NP", "USD"), // Nepal
        "NRU": ("NR", "USD"), // Nauru
        "NZL": ("NZ", "NZD"), // New Zealand
        "OMN": ("OM", "USD"), // Oman
        "PAK": ("PK", "PKR"), // Pakistan
        "PAN": ("PA", "USD"), // Panama
        "PER": ("PE", "PEN"), // Peru
        "PHL": ("PH", "PHP"), // Philippines
        "PLW": ("PW", "USD"), // Palau
        "PNG": ("PG", "USD"), // Papua New Guinea
        "POL": ("PL", "PLN"), // Poland
        "PRT": ("PT", "EUR"), // Portugal
        "PRY": ("PY", "USD"), // Paraguay
        "QAT": ("QA", "QAR"), // Qatar
        "ROU": ("RO", "RON"), // Romania
        "RUS": ("RU", "RUB"), // Russia
        "RWA": ("RW", "USD"), // Rwanda
        "SAU": ("SA", "SAR"), // Saudi Arabia
        "SEN": ("SN", "USD"), // Senegal
        "SGP": ("SG", "SGD"), // Singapore
        "SLB": ("SB", "USD"), // Solomon Islands
        "SLE": ("SL", "USD"), // Sierra Leone
        "SLV": ("SV", "USD"), // El Salvador
        "SRB": ("RS", "EUR"), // Serbia
        "STP": ("ST", "USD"), // São Tomé and Príncipe
        "SUR": ("SR", "USD"), // Suriname
        "SVK": ("SK", "EUR"), // Slovakia
        "SVN": ("SI", "EUR"), // Slovenia
        "SWE": ("SE", "SEK"), // Sweden
        "SWZ": ("SZ", "USD"), // Eswatini
        "SYC": ("SC", "USD"), // Seychelles
        "TCA": ("TC", "USD"), // Turks and Caicos Islands
        "TCD": ("TD", "USD"), // Chad
        "THA": ("TH", "THB"), // Thailand
        "TJK": ("TJ", "USD"), // Tajikistan
        "TKM": ("TM", "USD"), // Turkmenistan
        "TON": ("TO", "USD"), // Tonga
        "TTO": ("TT", "USD"), // Trinidad and Tobago
        "TUN": ("TN", "USD"), // Tunisia
        "TUR": ("TR", "TRY"), // Türkiye
        "TWN": ("TW", "TWD"), // Taiwan
        "TZA": ("TZ", "TZS"), // Tanzania
        "UGA": ("UG", "USD"), // Uganda
        "UKR": ("UA", "USD"), // Ukraine
        "URY": ("UY", "USD"), // Uruguay
        "USA": ("US", "USD"), // United States
        "UZB": ("UZ", "USD"), // Uzbekistan
        "VCT": ("VC", "USD"), // Saint Vincent and Grenadines
        "VEN": ("VE", "USD"), // Venezuela
        "VGB": ("VG", "USD"), // British Virgin Islands
        "VNM": ("VN", "VND"), // Vietnam
        "VUT": ("VU", "USD"), // Vanuatu
        "XKS": ("XK", "EUR"), // Kosovo (XK: user-assigned, used by CLDR)
        "YEM": ("YE", "USD"), // Yemen
        "ZAF": ("ZA", "ZAR"), // South Africa
        "ZMB": ("ZM", "USD"), // Zambia
        "ZWE": ("ZW", "USD"), // Zimbabwe
    ]
}
