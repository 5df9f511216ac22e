/**
 * S&P 500 constituents as of 2025-06-30 (part 1: technology, communication, consumer, health care),
 * beyond the hand-tuned rows of `universe-stocks.ts`, which `SP500_A_MEMBERS` lists by ticker.
 * Row: symbol|name|exchange (Q NASDAQ, N NYSE)|industry code (universe-industries.ts)|reference
 * price USD|shares outstanding, billions|dividend yield %[|annualised volatility]. Prices and
 * share counts are approximate mid-2025 values.
 */
export const SP500_A_MEMBERS = `AAPL MSFT NVDA AVGO ORCL CRM ADBE AMD INTC CSCO QCOM TXN IBM NOW INTU AMAT MU LRCX KLAC ADI PANW CRWD SNPS CDNS ANET PLTR DELL HPQ ACN SMCI FTNT ADSK WDAY ON NXPI
GOOGL GOOG META NFLX DIS CMCSA T VZ TMUS CHTR EA TTWO WBD
AMZN TSLA HD NKE SBUX BKNG TJX ABNB GM F LULU CMG MAR ROST EBAY DASH CCL RCL YUM
WMT COST PG KO PEP PM MO MDLZ CL TGT KR GIS KHC STZ KDP MNST
LLY UNH JNJ ABBV MRK PFE TMO ABT DHR AMGN ISRG GILD VRTX REGN BMY CVS MDT SYK ELV CI HCA MRNA ZTS BSX HUM`;

export const SP500_A_ROWS = `APH|Amphenol Corporation|N|ELEC|95|1.21|0.7
MSI|Motorola Solutions, Inc.|N|COMM|420|0.167|1.0
ROP|Roper Technologies, Inc.|Q|SW|560|0.107|0.6
MCHP|Microchip Technology Incorporated|Q|SEMI|68|0.54|2.7
IT|Gartner, Inc.|N|ITS|400|0.077|0
CTSH|Cognizant Technology Solutions Corporation|Q|ITS|78|0.49|1.6
GLW|Corning Incorporated|N|ELEC|52|0.857|2.2
HPE|Hewlett Packard Enterprise Company|N|HW|20|1.31|2.6
FICO|Fair Isaac Corporation|N|SW|1800|0.0243|0
ANSS|ANSYS, Inc.|Q|SW|350|0.0877|0
KEYS|Keysight Technologies, Inc.|N|ELEC|160|0.172|0
MPWR|Monolithic Power Systems, Inc.|Q|SEMI|720|0.0479|0.8
TEL|TE Connectivity plc|N|ELEC|165|0.297|1.6
TYL|Tyler Technologies, Inc.|N|SW|580|0.0431|0
CDW|CDW Corporation|Q|ITS|175|0.133|1.4
NTAP|NetApp, Inc.|Q|HW|105|0.2|2.0
STX|Seagate Technology Holdings plc|Q|HW|140|0.212|2.0
WDC|Western Digital Corporation|Q|HW|62|0.348|0.6
PTC|PTC Inc.|Q|SW|170|0.12|0
TDY|Teledyne Technologies Incorporated|N|ELEC|500|0.047|0
ZBRA|Zebra Technologies Corporation|Q|ELEC|300|0.051|0
FSLR|First Solar, Inc.|Q|SEMI|160|0.107|0|0.55
ENPH|Enphase Energy, Inc.|Q|SEMI|42|0.131|0|0.65
TER|Teradyne, Inc.|Q|SEQ|88|0.16|0.5
SWKS|Skyworks Solutions, Inc.|Q|SEMI|72|0.15|3.9
FFIV|F5, Inc.|Q|COMM|290|0.0575|0
GEN|Gen Digital Inc.|Q|SW|29|0.616|1.7
AKAM|Akamai Technologies, Inc.|Q|ITS|78|0.146|0
JBL|Jabil Inc.|N|ELEC|210|0.107|0.2
TRMB|Trimble Inc.|Q|ELEC|75|0.238|0
EPAM|EPAM Systems, Inc.|N|ITS|175|0.057|0
GDDY|GoDaddy Inc.|N|ITS|180|0.142|0
VRSN|VeriSign, Inc.|Q|ITS|285|0.094|0.8
JNPR|Juniper Networks, Inc.|N|COMM|39|0.333|2.3
QRVO|Qorvo, Inc.|Q|SEMI|80|0.093|0
LYV|Live Nation Entertainment, Inc.|N|ENT|150|0.232|0
OMC|Omnicom Group Inc.|N|MED|72|0.195|3.9
IPG|The Interpublic Group of Companies, Inc.|N|MED|24|0.366|5.5
FOXA|Fox Corporation Class A|Q|MED|55|0.22|1.0
FOX|Fox Corporation Class B|Q|MED|51|0.235|1.1
NWSA|News Corporation Class A|Q|MED|29|0.378|0.7
NWS|News Corporation Class B|Q|MED|34|0.189|0.6
PARA|Paramount Global|Q|MED|12.5|0.67|1.6
MTCH|Match Group, Inc.|Q|IMS|31|0.25|2.4
TKO|TKO Group Holdings, Inc.|N|ENT|175|0.2|0.9
MCD|McDonald's Corporation|N|HRL|295|0.715|2.4
LOW|Lowe's Companies, Inc.|N|SPR|225|0.56|2.1
ORLY|O'Reilly Automotive, Inc.|Q|SPR|90|0.85|0
AZO|AutoZone, Inc.|N|SPR|3700|0.0168|0
HLT|Hilton Worldwide Holdings Inc.|N|HRL|265|0.238|0.2
GRMN|Garmin Ltd.|N|HDUR|210|0.192|1.7
DHI|D.R. Horton, Inc.|N|HDUR|130|0.305|1.2
LEN|Lennar Corporation|N|HDUR|110|0.26|1.8
PHM|PulteGroup, Inc.|N|HDUR|105|0.2|0.8
NVR|NVR, Inc.|N|HDUR|7400|0.003|0
TSCO|Tractor Supply Company|Q|SPR|53|0.53|1.7
ULTA|Ulta Beauty, Inc.|Q|SPR|470|0.045|0
BBY|Best Buy Co., Inc.|N|SPR|68|0.211|5.6
DECK|Deckers Outdoor Corporation|N|TEX|105|0.151|0
DRI|Darden Restaurants, Inc.|N|HRL|215|0.117|2.8
EXPE|Expedia Group, Inc.|Q|HRL|170|0.127|0.9
LVS|Las Vegas Sands Corp.|N|HRL|44|0.7|2.3
WYNN|Wynn Resorts, Limited|Q|HRL|95|0.105|1.1
MGM|MGM Resorts International|N|HRL|35|0.272|0
CZR|Caesars Entertainment, Inc.|Q|HRL|28|0.208|0|0.45
NCLH|Norwegian Cruise Line Holdings Ltd.|N|HRL|20|0.449|0|0.5
POOL|Pool Corporation|Q|DIST|295|0.0376|1.7
GPC|Genuine Parts Company|N|DIST|122|0.139|3.4
LKQ|LKQ Corporation|Q|DIST|37|0.258|3.2
APTV|Aptiv PLC|N|ACOMP|68|0.218|0
TPR|Tapestry, Inc.|N|TEX|85|0.208|1.7
RL|Ralph Lauren Corporation|N|TEX|275|0.061|1.3
HAS|Hasbro, Inc.|Q|LEIS|72|0.14|3.9
KMX|CarMax, Inc.|N|SPR|66|0.151|0
DPZ|Domino's Pizza, Inc.|Q|HRL|460|0.0343|1.5
WSM|Williams-Sonoma, Inc.|N|SPR|165|0.123|1.6
MHK|Mohawk Industries, Inc.|N|HDUR|105|0.0625|0
KMB|Kimberly-Clark Corporation|Q|HHP|128|0.332|3.9
KVUE|Kenvue Inc.|N|PERS|21|1.92|3.9
SYY|Sysco Corporation|N|CSR|75|0.486|2.8
ADM|Archer-Daniels-Midland Company|N|FOOD|52|0.48|3.9
HSY|The Hershey Company|N|FOOD|165|0.203|3.3
CHD|Church & Dwight Co., Inc.|N|HHP|96|0.245|1.2
CLX|The Clorox Company|N|HHP|120|0.123|4.0
MKC|McCormick & Company, Incorporated|N|FOOD|75|0.268|2.4
HRL|Hormel Foods Corporation|N|FOOD|30|0.55|3.8
CAG|Conagra Brands, Inc.|N|FOOD|21|0.477|6.7
CPB|The Campbell's Company|Q|FOOD|32|0.298|4.9
SJM|The J. M. Smucker Company|N|FOOD|100|0.106|4.3
TSN|Tyson Foods, Inc.|N|FOOD|56|0.356|3.6
DG|Dollar General Corporation|N|CSR|110|0.22|2.1
DLTR|Dollar Tree, Inc.|Q|CSR|98|0.206|0
EL|The Estée Lauder Companies Inc.|N|PERS|80|0.36|1.8|0.4
TAP|Molson Coors Beverage Company|N|BEV|49|0.2|3.8
BG|Bunge Global SA|N|FOOD|80|0.134|3.4
LW|Lamb Weston Holdings, Inc.|N|FOOD|52|0.141|2.9
WBA|Walgreens Boots Alliance, Inc.|Q|CSR|11.5|0.864|4.3
BF.B|Brown-Forman Corporation|N|BEV|28|0.473|3.2
BDX|Becton, Dickinson and Company|N|HCES|175|0.287|2.4
EW|Edwards Lifesciences Corporation|N|HCES|78|0.587|0
IDXX|IDEXX Laboratories, Inc.|Q|HCES|530|0.0805|0
A|Agilent Technologies, Inc.|N|LST|118|0.284|0.8
IQV|IQVIA Holdings Inc.|N|LST|155|0.173|0
MTD|Mettler-Toledo International Inc.|N|LST|1170|0.0208|0
RMD|ResMed Inc.|N|HCES|255|0.147|0.9
GEHC|GE HealthCare Technologies Inc.|Q|HCES|74|0.458|0.2
DXCM|DexCom, Inc.|Q|HCES|85|0.392|0
CNC|Centene Corporation|N|HCPS|55|0.497|0|0.4
MCK|McKesson Corporation|N|HCPS|720|0.125|0.4
COR|Cencora, Inc.|N|HCPS|295|0.194|0.7
CAH|Cardinal Health, Inc.|N|HCPS|165|0.239|1.2
BIIB|Biogen Inc.|Q|BIO|128|0.146|0
WST|West Pharmaceutical Services, Inc.|N|LST|220|0.0723|0.4
STE|STERIS plc|N|HCES|240|0.0985|1.0
ZBH|Zimmer Biomet Holdings, Inc.|N|HCES|92|0.198|1.0
BAX|Baxter International Inc.|N|HCES|30|0.513|2.3
HOLX|Hologic, Inc.|Q|HCES|65|0.223|0
COO|The Cooper Companies, Inc.|Q|HCES|72|0.2|0
ALGN|Align Technology, Inc.|Q|HCES|190|0.0725|0|0.45
PODD|Insulet Corporation|Q|HCES|310|0.0704|0|0.4
LH|Labcorp Holdings Inc.|N|HCPS|260|0.0836|1.1
DGX|Quest Diagnostics Incorporated|N|HCPS|178|0.112|1.8
MOH|Molina Healthcare, Inc.|N|HCPS|300|0.0542|0|0.4
UHS|Universal Health Services, Inc.|N|HCPS|180|0.0643|0.4
DVA|DaVita Inc.|N|HCPS|142|0.0796|0
CRL|Charles River Laboratories International, Inc.|N|LST|150|0.0491|0|0.42
TECH|Bio-Techne Corporation|Q|LST|52|0.156|0.6
RVTY|Revvity, Inc.|N|LST|97|0.118|0.3
INCY|Incyte Corporation|Q|BIO|68|0.194|0
VTRS|Viatris Inc.|Q|PHAR|9|1.19|5.3
HSIC|Henry Schein, Inc.|Q|HCPS|72|0.122|0
SOLV|Solventum Corporation|N|HCES|75|0.173|0
WAT|Waters Corporation|N|LST|350|0.0595|0`;
