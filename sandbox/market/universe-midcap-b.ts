/**
 * S&P MidCap 400 constituents as of 2025-06-30 (part 2: consumer, health care, energy, utilities,
 * real estate, materials, communication). Same row format as `universe-sp500-a.ts`.
 */
export const MIDCAP_B_MEMBERS = `GME`;

export const MIDCAP_B_ROWS = `AN|AutoNation, Inc.|N|SPR|190|0.0377|0
ARMK|Aramark|N|HRL|40|0.263|1.0
BC|Brunswick Corporation|N|LEIS|55|0.0658|3.1
BURL|Burlington Stores, Inc.|N|SPR|230|0.0633|0
BYD|Boyd Gaming Corporation|N|HRL|77|0.082|0.9
CHDN|Churchill Downs Incorporated|Q|HRL|100|0.0725|0.4
CHH|Choice Hotels International, Inc.|N|HRL|128|0.0465|0.9
COLM|Columbia Sportswear Company|Q|TEX|62|0.0547|1.9
CPRI|Capri Holdings Limited|N|TEX|18|0.118|0|0.55
CROX|Crocs, Inc.|Q|TEX|100|0.0556|0|0.45
DKS|Dick's Sporting Goods, Inc.|N|SPR|200|0.08|2.4
FIVE|Five Below, Inc.|Q|SPR|120|0.055|0|0.5
FND|Floor & Decor Holdings, Inc.|N|SPR|76|0.108|0|0.45
GAP|The Gap, Inc.|N|SPR|22|0.377|3.0|0.45
GNTX|Gentex Corporation|Q|ACOMP|23|0.225|2.1
H|Hyatt Hotels Corporation|N|HRL|135|0.0955|0.4
HGV|Hilton Grand Vacations Inc.|N|HRL|42|0.0926|0
HOG|Harley-Davidson, Inc.|N|AUTO|24|0.122|3.0
HRB|H&R Block, Inc.|N|DCS|55|0.134|2.7
KBH|KB Home|N|HDUR|54|0.0715|1.9
LAD|Lithia Motors, Inc.|N|SPR|330|0.0262|0.7
LEA|Lear Corporation|N|ACOMP|95|0.0535|3.2
LNW|Light & Wonder, Inc.|Q|HRL|95|0.0843|0
LOPE|Grand Canyon Education, Inc.|Q|DCS|185|0.0282|0
M|Macy's, Inc.|N|BLR|12|0.28|6.1|0.45
MAT|Mattel, Inc.|Q|LEIS|19|0.322|0
MUSA|Murphy USA Inc.|N|SPR|420|0.0197|0.5
OLLI|Ollie's Bargain Outlet Holdings, Inc.|Q|BLR|130|0.0613|0
PAG|Penske Automotive Group, Inc.|N|SPR|170|0.066|2.8
PII|Polaris Inc.|N|LEIS|42|0.0562|6.3
PLNT|Planet Fitness, Inc.|N|HRL|105|0.0834|0
PVH|PVH Corp.|N|TEX|70|0.0481|0.2
RH|RH|N|SPR|190|0.0187|0|0.6
SCI|Service Corporation International|N|DCS|78|0.142|1.6
SKX|Skechers U.S.A., Inc.|N|TEX|63|0.15|0
TMHC|Taylor Morrison Home Corporation|N|HDUR|60|0.101|0
TOL|Toll Brothers, Inc.|N|HDUR|112|0.098|0.9
TXRH|Texas Roadhouse, Inc.|Q|HRL|185|0.0664|1.5
UAA|Under Armour, Inc. Class A|N|TEX|6.8|0.22|0|0.5
UA|Under Armour, Inc. Class C|N|TEX|6.4|0.21|0|0.5
VFC|V.F. Corporation|N|TEX|12.5|0.39|2.9|0.55
VVV|Valvoline Inc.|N|SPR|36|0.128|0
WEN|The Wendy's Company|Q|HRL|11.5|0.192|8.7
WH|Wyndham Hotels & Resorts, Inc.|N|HRL|82|0.0775|2.0
WING|Wingstop Inc.|Q|HRL|340|0.0279|0.3|0.45
WHR|Whirlpool Corporation|N|HDUR|100|0.0558|7.0|0.45
YETI|YETI Holdings, Inc.|N|LEIS|32|0.083|0
THO|THOR Industries, Inc.|N|AUTO|88|0.0532|2.3
MTN|Vail Resorts, Inc.|N|HRL|155|0.0373|5.7
ALV|Autoliv, Inc.|N|ACOMP|110|0.077|2.5
BWA|BorgWarner Inc.|N|ACOMP|34|0.216|1.8
BBWI|Bath & Body Works, Inc.|N|SPR|30|0.213|2.7
ETSY|Etsy, Inc.|Q|BLR|52|0.105|0|0.5
CAVA|CAVA Group, Inc.|N|HRL|85|0.115|0|0.6
DUOL|Duolingo, Inc.|Q|DCS|410|0.0455|0|0.6
VAC|Marriott Vacations Worldwide Corporation|N|HRL|72|0.0346|4.4
BJ|BJ's Wholesale Club Holdings, Inc.|N|CSR|108|0.132|0
CASY|Casey's General Stores, Inc.|Q|CSR|500|0.0371|0.4
CELH|Celsius Holdings, Inc.|Q|BEV|45|0.258|0|0.6
COKE|Coca-Cola Consolidated, Inc.|Q|BEV|112|0.0874|0.9
DAR|Darling Ingredients Inc.|N|FOOD|36|0.158|0
ELF|e.l.f. Beauty, Inc.|N|PERS|120|0.0565|0|0.6
FLO|Flowers Foods, Inc.|N|FOOD|16.5|0.211|6.0
INGR|Ingredion Incorporated|N|FOOD|135|0.0645|2.4
PFGC|Performance Food Group Company|N|CSR|88|0.156|0
POST|Post Holdings, Inc.|N|FOOD|108|0.0556|0
PPC|Pilgrim's Pride Corporation|Q|FOOD|46|0.237|0
SAM|The Boston Beer Company, Inc.|N|BEV|200|0.0113|0
SFM|Sprouts Farmers Market, Inc.|Q|CSR|165|0.0982|0|0.45
USFD|US Foods Holding Corp.|N|CSR|77|0.229|0
BRBR|BellRing Brands, Inc.|N|PERS|58|0.127|0|0.45
COTY|Coty Inc.|N|PERS|5.2|0.872|0|0.5
ACHC|Acadia Healthcare Company, Inc.|Q|HCPS|23|0.092|0|0.5
BIO|Bio-Rad Laboratories, Inc.|N|LST|240|0.0272|0
BMRN|BioMarin Pharmaceutical Inc.|Q|BIO|56|0.191|0
BRKR|Bruker Corporation|Q|LST|40|0.152|0.5
CHE|Chemed Corporation|N|HCPS|480|0.0146|0.4
EHC|Encompass Health Corporation|N|HCPS|120|0.1|0.6
ENSG|The Ensign Group, Inc.|Q|HCPS|150|0.0576|0.2
EXAS|Exact Sciences Corporation|Q|BIO|52|0.189|0|0.5
EXEL|Exelixis, Inc.|Q|BIO|43|0.273|0
GMED|Globus Medical, Inc.|N|HCES|60|0.136|0
HAE|Haemonetics Corporation|N|HCES|72|0.0502|0
HALO|Halozyme Therapeutics, Inc.|Q|BIO|55|0.123|0
HQY|HealthEquity, Inc.|Q|HCPS|100|0.0867|0
JAZZ|Jazz Pharmaceuticals plc|Q|PHAR|108|0.0612|0
LNTH|Lantheus Holdings, Inc.|Q|HCES|80|0.0685|0|0.5
MASI|Masimo Corporation|Q|HCES|165|0.0542|0
MEDP|Medpace Holdings, Inc.|Q|LST|310|0.0287|0
NBIX|Neurocrine Biosciences, Inc.|Q|BIO|125|0.099|0
OPCH|Option Care Health, Inc.|Q|HCPS|32|0.163|0
PEN|Penumbra, Inc.|N|HCES|255|0.0388|0
PRGO|Perrigo Company plc|N|PHAR|27|0.138|4.3
RGEN|Repligen Corporation|Q|LST|125|0.0562|0
SRPT|Sarepta Therapeutics, Inc.|Q|BIO|20|0.0982|0|0.9
THC|Tenet Healthcare Corporation|N|HCPS|170|0.0893|0|0.45
UTHR|United Therapeutics Corporation|Q|BIO|290|0.0451|0
XRAY|DENTSPLY SIRONA Inc.|Q|HCES|16|0.199|4.0
ELAN|Elanco Animal Health Incorporated|N|PHAR|14|0.495|0
AVTR|Avantor, Inc.|N|LST|13.5|0.682|0
TFX|Teleflex Incorporated|N|HCES|120|0.0442|1.1
DOCS|Doximity, Inc.|N|HCT|60|0.187|0|0.5
NEOG|Neogen Corporation|Q|HCES|5.5|0.217|0|0.6
AM|Antero Midstream Corporation|N|OGF|19|0.479|4.7
AR|Antero Resources Corporation|N|OGF|40|0.31|0|0.45
CHRD|Chord Energy Corporation|Q|OGF|98|0.0578|5.3
CIVI|Civitas Resources, Inc.|N|OGF|29|0.0925|6.9|0.45
CNX|CNX Resources Corporation|N|OGF|33|0.143|0
DINO|HF Sinclair Corporation|N|OGF|41|0.188|4.9
DTM|DT Midstream, Inc.|N|OGF|108|0.102|3.0
MTDR|Matador Resources Company|N|OGF|48|0.125|2.6|0.42
MUR|Murphy Oil Corporation|N|OGF|23|0.143|5.4|0.45
NOV|NOV Inc.|N|EES|12.5|0.376|2.4
OVV|Ovintiv Inc.|N|OGF|38|0.26|3.2|0.42
PR|Permian Resources Corporation|N|OGF|13.5|0.803|4.4|0.42
RRC|Range Resources Corporation|N|OGF|39|0.238|0.9
WFRD|Weatherford International plc|Q|EES|50|0.0727|2.0|0.45
NFG|National Fuel Gas Company|N|GU|84|0.0904|2.5
BKH|Black Hills Corporation|N|MU|57|0.0726|4.7
IDA|IDACORP, Inc.|N|EU|115|0.054|3.0
NJR|New Jersey Resources Corporation|N|GU|45|0.1|4.0
NWE|NorthWestern Energy Group, Inc.|Q|MU|52|0.0614|5.1
OGE|OGE Energy Corp.|N|EU|44|0.202|3.8
OGS|ONE Gas, Inc.|N|GU|72|0.06|3.7
ORA|Ormat Technologies, Inc.|N|IPP|80|0.0608|0.6
POR|Portland General Electric Company|N|EU|41|0.11|5.0
SR|Spire Inc.|N|GU|73|0.059|4.3
SWX|Southwest Gas Holdings, Inc.|N|GU|74|0.072|3.4
TXNM|TXNM Energy, Inc.|N|EU|56|0.0929|2.9
UGI|UGI Corporation|N|GU|36|0.215|4.2
WTRG|Essential Utilities, Inc.|N|WU|37|0.281|3.5
MDU|MDU Resources Group, Inc.|N|MU|17|0.204|3.1
ADC|Agree Realty Corporation|N|RREIT|73|0.11|4.2
AMH|American Homes 4 Rent|N|RESREIT|36|0.37|3.3
BRX|Brixmor Property Group Inc.|N|RREIT|26|0.306|4.4
COLD|Americold Realty Trust, Inc.|N|IREIT|16.5|0.285|5.4
CUBE|CubeSmart|N|SREIT|42|0.228|4.9
CUZ|Cousins Properties Incorporated|N|OREIT|29|0.168|4.4
EGP|EastGroup Properties, Inc.|N|IREIT|165|0.0527|3.6
ELS|Equity LifeStyle Properties, Inc.|N|RESREIT|62|0.191|3.3
EPR|EPR Properties|N|SREIT|57|0.0761|6.2
FR|First Industrial Realty Trust, Inc.|N|IREIT|49|0.132|3.6
GLPI|Gaming and Leisure Properties, Inc.|Q|SREIT|47|0.275|6.5
HR|Healthcare Realty Trust Incorporated|N|HREIT|15.5|0.351|7.8
HIW|Highwoods Properties, Inc.|N|OREIT|31|0.108|6.5
IRT|Independence Realty Trust, Inc.|N|RESREIT|18|0.231|3.6
JLL|Jones Lang LaSalle Incorporated|N|REMD|255|0.0475|0
KRC|Kilroy Realty Corporation|N|OREIT|35|0.118|6.2
KRG|Kite Realty Group Trust|N|RREIT|22|0.22|4.9
LAMR|Lamar Advertising Company|Q|SREIT|122|0.102|5.0
NNN|NNN REIT, Inc.|N|RREIT|43|0.188|5.5
NSA|National Storage Affiliates Trust|N|SREIT|32|0.133|7.1
OHI|Omega Healthcare Investors, Inc.|N|HREIT|37|0.29|7.2
PCH|PotlatchDeltic Corporation|Q|SREIT|39|0.078|4.6
REXR|Rexford Industrial Realty, Inc.|N|IREIT|36|0.236|4.8
RYN|Rayonier Inc.|N|SREIT|23|0.156|4.7
SBRA|Sabra Health Care REIT, Inc.|Q|HREIT|18.5|0.238|6.5
STAG|STAG Industrial, Inc.|N|IREIT|36|0.186|4.1
VNO|Vornado Realty Trust|N|OREIT|38|0.192|1.9
WPC|W. P. Carey Inc.|N|DREIT|63|0.219|5.6
SLG|SL Green Realty Corp.|N|OREIT|60|0.0711|5.1
ATR|AptarGroup, Inc.|N|CP|155|0.0662|1.2
AXTA|Axalta Coating Systems Ltd.|N|CHEM|30|0.218|0
CBT|Cabot Corporation|N|CHEM|75|0.0537|2.3
CC|The Chemours Company|N|CHEM|11.5|0.15|3.0|0.55
CLF|Cleveland-Cliffs Inc.|N|MM|7.8|0.494|0|0.6
CMC|Commercial Metals Company|N|MM|48|0.113|1.5
CRS|Carpenter Technology Corporation|N|MM|270|0.0498|0.3|0.45
EXP|Eagle Materials Inc.|N|CONM|205|0.0326|0.5
GEF|Greif, Inc.|N|CP|62|0.0473|3.5
LPX|Louisiana-Pacific Corporation|N|PFP|87|0.0699|1.2
NEU|NewMarket Corporation|N|CHEM|680|0.0094|1.6
OLN|Olin Corporation|N|CHEM|20|0.115|4.0|0.45
RGLD|Royal Gold, Inc.|Q|MM|175|0.0658|1.0
RPM|RPM International Inc.|N|CHEM|110|0.128|1.8
RS|Reliance, Inc.|N|MM|300|0.0527|1.6
SLGN|Silgan Holdings Inc.|N|CP|54|0.107|1.5
SMG|The Scotts Miracle-Gro Company|N|CHEM|64|0.0577|4.1
SON|Sonoco Products Company|N|CP|44|0.0986|4.8
AA|Alcoa Corporation|N|MM|29|0.259|1.4|0.5
ASH|Ashland Inc.|N|CHEM|50|0.0457|3.3
AVNT|Avient Corporation|N|CHEM|32|0.0914|3.4
HUN|Huntsman Corporation|N|CHEM|11|0.173|6.0|0.45
WLK|Westlake Corporation|N|CHEM|76|0.128|2.8
ATI|ATI Inc.|N|MM|85|0.141|0|0.45
FYBR|Frontier Communications Parent, Inc.|Q|DTS|36|0.25|0
NXST|Nexstar Media Group, Inc.|Q|MED|170|0.0304|4.4
NYT|The New York Times Company|N|MED|56|0.163|1.3
IRDM|Iridium Communications Inc.|Q|DTS|30|0.108|1.9
TGNA|TEGNA Inc.|N|MED|17|0.161|3.0
ZD|Ziff Davis, Inc.|Q|IMS|30|0.0425|0
ENS|EnerSys|N|EE|88|0.0395|1.1
HRI|Herc Holdings Inc.|N|TDC|130|0.0332|2.1|0.45
UHAL|U-Haul Holding Company|N|GT|65|0.0196|0.3
AWI|Armstrong World Industries, Inc.|N|BP|160|0.0433|0.8
ALSN|Allison Transmission Holdings, Inc.|N|MACH|95|0.0843|1.1
TNET|TriNet Group, Inc.|N|PRO|72|0.0486|1.5
RXO|RXO, Inc.|N|GT|16|0.164|0|0.5
MTH|Meritage Homes Corporation|N|HDUR|68|0.0717|2.5
HEI|HEICO Corporation|N|AD|320|0.0556|0.1
AZEK|The AZEK Company Inc.|N|BP|53|0.143|0
STRL|Sterling Infrastructure, Inc.|Q|CE|220|0.0304|0|0.55
RYAN|Ryan Specialty Holdings, Inc.|N|INS|67|0.127|0.7
HLNE|Hamilton Lane Incorporated|Q|CM|145|0.0542|1.5
COOP|Mr. Cooper Group Inc.|Q|FS|145|0.064|0
MORN|Morningstar, Inc.|Q|CM|300|0.0426|0.6
FHI|Federated Hermes, Inc.|N|CM|43|0.0787|2.9
CNXC|Concentrix Corporation|Q|ITS|53|0.0638|2.5
FLEX|Flex Ltd.|Q|ELEC|49|0.375|0
APPF|AppFolio, Inc.|Q|SW|225|0.0365|0
PEGA|Pegasystems Inc.|Q|SW|52|0.171|0.2
BFAM|Bright Horizons Family Solutions Inc.|N|DCS|122|0.0573|0
ANF|Abercrombie & Fitch Co.|N|SPR|78|0.0477|0|0.55
URBN|Urban Outfitters, Inc.|Q|SPR|70|0.0897|0
EAT|Brinker International, Inc.|N|HRL|170|0.0443|0|0.5
SGI|Somnigroup International Inc.|N|HDUR|66|0.21|0.9
TNL|Travel + Leisure Co.|N|HRL|52|0.0665|4.3
LANC|Lancaster Colony Corporation|Q|FOOD|172|0.0276|2.2
CDP|COPT Defense Properties|N|OREIT|28|0.113|4.4
PK|Park Hotels & Resorts Inc.|N|HOTREIT|10.5|0.2|9.5
MAC|The Macerich Company|N|RREIT|16.5|0.252|4.1|0.45
CCK|Crown Holdings, Inc.|N|CP|100|0.117|1.0
GPK|Graphic Packaging Holding Company|N|CP|21|0.298|2.1
SEE|Sealed Air Corporation|N|CP|31|0.147|2.6
KNF|Knife River Corporation|N|CONM|82|0.0567|0
ESI|Element Solutions Inc|N|CHEM|22|0.242|1.4`;
