/**
 * S&P 500 constituents as of 2025-06-30 (part 2: financials, industrials, energy, utilities, real
 * estate, materials). Same row format as `universe-sp500-a.ts`.
 */
export const SP500_B_MEMBERS = `BRK.B JPM V MA BAC WFC GS MS C SCHW AXP BLK SPGI PYPL COF USB PNC CB MMC PGR CME ICE COIN AIG MET
GE CAT BA HON UNP RTX LMT DE UPS FDX MMM ADP ETN GD NOC WM CSX UBER DAL UAL LUV EMR ITW PH
XOM CVX COP SLB EOG OXY PSX MPC KMI WMB NEE DUK SO D AEP EXC SRE XEL PLD AMT EQIX CCI SPG O PSA WELL
LIN SHW APD FCX NEM ECL DOW NUE`;

export const SP500_B_ROWS = `MCO|Moody's Corporation|N|CM|490|0.18|0.8
AON|Aon plc|N|INS|360|0.216|0.8
AJG|Arthur J. Gallagher & Co.|N|INS|320|0.256|0.8
TRV|The Travelers Companies, Inc.|N|INS|265|0.226|1.6
ALL|The Allstate Corporation|N|INS|200|0.265|2.0
AFL|Aflac Incorporated|N|INS|104|0.54|2.2
PRU|Prudential Financial, Inc.|N|INS|107|0.354|5.0
BK|The Bank of New York Mellon Corporation|N|CM|90|0.716|2.1
TFC|Truist Financial Corporation|N|BANK|42|1.31|5.0
MTB|M&T Bank Corporation|N|BANK|190|0.16|2.8
FITB|Fifth Third Bancorp|Q|BANK|40|0.668|3.7
HBAN|Huntington Bancshares Incorporated|Q|BANK|16.5|1.46|3.8
RF|Regions Financial Corporation|N|BANK|23|0.9|4.3
KEY|KeyCorp|N|BANK|17|1.1|4.8
CFG|Citizens Financial Group, Inc.|N|BANK|44|0.437|3.8
STT|State Street Corporation|N|CM|104|0.285|2.9
NTRS|Northern Trust Corporation|Q|CM|125|0.195|2.4
AMP|Ameriprise Financial, Inc.|N|CM|520|0.095|1.2
TROW|T. Rowe Price Group, Inc.|Q|CM|97|0.22|5.2
BEN|Franklin Resources, Inc.|N|CM|23|0.525|5.4
IVZ|Invesco Ltd.|N|CM|16|0.448|5.2
RJF|Raymond James Financial, Inc.|N|CM|150|0.203|1.3
NDAQ|Nasdaq, Inc.|Q|CM|88|0.574|1.2
MSCI|MSCI Inc.|N|CM|570|0.0775|1.3
FDS|FactSet Research Systems Inc.|N|CM|440|0.038|1.0
CBOE|Cboe Global Markets, Inc.|Q|CM|230|0.105|1.1
MKTX|MarketAxess Holdings Inc.|Q|CM|220|0.0375|1.4
FIS|Fidelity National Information Services, Inc.|N|FS|80|0.525|2.0
FI|Fiserv, Inc.|N|FS|170|0.551|0
GPN|Global Payments Inc.|N|FS|80|0.244|1.3
JKHY|Jack Henry & Associates, Inc.|Q|FS|180|0.0729|1.3
CPAY|Corpay, Inc.|N|FS|330|0.0705|0
SYF|Synchrony Financial|N|CF|62|0.38|1.7
HIG|The Hartford Insurance Group, Inc.|N|INS|125|0.285|1.7
PFG|Principal Financial Group, Inc.|Q|INS|78|0.224|3.9
L|Loews Corporation|N|INS|90|0.21|0.3
CINF|Cincinnati Financial Corporation|Q|INS|148|0.156|2.3
WRB|W. R. Berkley Corporation|N|INS|72|0.379|0.5
ACGL|Arch Capital Group Ltd.|Q|INS|90|0.374|0
EG|Everest Group, Ltd.|N|INS|340|0.0425|2.4
BRO|Brown & Brown, Inc.|N|INS|105|0.33|0.6
GL|Globe Life Inc.|N|INS|122|0.082|0.9
AIZ|Assurant, Inc.|N|INS|195|0.0509|1.6
ERIE|Erie Indemnity Company|Q|INS|360|0.0523|1.5
WTW|Willis Towers Watson Public Limited Company|Q|INS|310|0.0988|1.2
APO|Apollo Global Management, Inc.|N|CM|140|0.571|1.4|0.38
KKR|KKR & Co. Inc.|N|CM|130|0.889|0.5|0.4
BX|Blackstone Inc.|N|CM|150|0.73|2.7|0.35
GEV|GE Vernova Inc.|N|EE|500|0.273|0.2|0.45
TT|Trane Technologies plc|N|BP|430|0.222|0.9
CTAS|Cintas Corporation|Q|CSS|220|0.403|0.8
TDG|TransDigm Group Incorporated|N|AD|1500|0.0562|0
NSC|Norfolk Southern Corporation|N|GT|255|0.225|2.1
PCAR|PACCAR Inc|Q|MACH|95|0.525|1.4
CARR|Carrier Global Corporation|N|BP|73|0.86|1.2
JCI|Johnson Controls International plc|N|BP|105|0.658|1.4
OTIS|Otis Worldwide Corporation|N|MACH|98|0.393|1.6
CMI|Cummins Inc.|N|MACH|330|0.138|2.2
RSG|Republic Services, Inc.|N|CSS|245|0.312|1.0
PAYX|Paychex, Inc.|Q|PRO|148|0.36|2.9
FAST|Fastenal Company|Q|TDC|42|1.15|2.1
URI|United Rentals, Inc.|N|TDC|750|0.0648|1.0
AME|AMETEK, Inc.|N|EE|180|0.231|0.7
ROK|Rockwell Automation, Inc.|N|EE|330|0.113|1.6
XYL|Xylem Inc.|N|MACH|128|0.243|1.2
DOV|Dover Corporation|N|MACH|182|0.137|1.1
HWM|Howmet Aerospace Inc.|N|AD|185|0.404|0.2
LHX|L3Harris Technologies, Inc.|N|AD|250|0.187|1.9
GWW|W.W. Grainger, Inc.|N|TDC|1040|0.048|0.8
VRSK|Verisk Analytics, Inc.|Q|PRO|310|0.14|0.6
IR|Ingersoll Rand Inc.|N|MACH|84|0.404|0.1
PWR|Quanta Services, Inc.|N|CE|375|0.148|0.1|0.4
ODFL|Old Dominion Freight Line, Inc.|Q|GT|160|0.211|0.7
CPRT|Copart, Inc.|Q|CSS|50|0.967|0
EFX|Equifax Inc.|N|PRO|260|0.124|0.8
BR|Broadridge Financial Solutions, Inc.|N|PRO|243|0.117|1.6
LDOS|Leidos Holdings, Inc.|N|PRO|158|0.128|1.0
AXON|Axon Enterprise, Inc.|Q|AD|820|0.078|0|0.5
WAB|Westinghouse Air Brake Technologies Corporation|N|MACH|210|0.171|0.5
HUBB|Hubbell Incorporated|N|EE|410|0.0534|1.3
SNA|Snap-on Incorporated|N|MACH|310|0.0523|2.8
J|Jacobs Solutions Inc.|N|PRO|130|0.12|1.0
EXPD|Expeditors International of Washington, Inc.|N|AFL|114|0.137|1.3
CHRW|C.H. Robinson Worldwide, Inc.|Q|AFL|96|0.119|2.6
JBHT|J.B. Hunt Transport Services, Inc.|Q|GT|145|0.0985|1.2
MAS|Masco Corporation|N|BP|64|0.212|1.9
IEX|IDEX Corporation|N|MACH|176|0.0755|1.6
NDSN|Nordson Corporation|Q|MACH|215|0.0567|1.5
PNR|Pentair plc|N|MACH|102|0.164|1.0
SWK|Stanley Black & Decker, Inc.|N|MACH|68|0.155|4.8
TXT|Textron Inc.|N|AD|80|0.179|0.1
HII|Huntington Ingalls Industries, Inc.|N|AD|240|0.0392|2.2
ALLE|Allegion plc|N|BP|144|0.086|1.4
AOS|A. O. Smith Corporation|N|BP|66|0.141|2.1
GNRC|Generac Holdings Inc.|N|EE|145|0.0587|0|0.45
BLDR|Builders FirstSource, Inc.|N|BP|118|0.111|0|0.42
ROL|Rollins, Inc.|N|CSS|56|0.485|1.2
DAY|Dayforce, Inc.|N|PRO|56|0.158|0
PAYC|Paycom Software, Inc.|N|PRO|230|0.0565|0.7
LII|Lennox International Inc.|N|BP|570|0.0355|0.9
FTV|Fortive Corporation|N|MACH|70|0.339|0.5
VLTO|Veralto Corporation|N|CSS|100|0.248|0.4
VLO|Valero Energy Corporation|N|OGF|135|0.313|3.4
HES|Hess Corporation|N|OGF|140|0.309|1.4
OKE|ONEOK, Inc.|N|OGF|82|0.624|5.0
TRGP|Targa Resources Corp.|N|OGF|175|0.217|2.3
BKR|Baker Hughes Company|Q|EES|38|0.99|2.4
HAL|Halliburton Company|N|EES|21|0.86|3.2
FANG|Diamondback Energy, Inc.|Q|OGF|140|0.29|2.8
DVN|Devon Energy Corporation|N|OGF|32|0.642|3.0
CTRA|Coterra Energy Inc.|N|OGF|25|0.764|3.5
EQT|EQT Corporation|N|OGF|57|0.598|1.1
APA|APA Corporation|Q|OGF|19|0.361|5.3|0.45
TPL|Texas Pacific Land Corporation|N|OGF|1050|0.023|0.6|0.45
EXE|Expand Energy Corporation|Q|OGF|115|0.238|2.0
PCG|PG&E Corporation|N|EU|14|2.2|0.7
PEG|Public Service Enterprise Group Incorporated|N|MU|84|0.498|3.0
ED|Consolidated Edison, Inc.|N|MU|100|0.36|3.4
EIX|Edison International|N|EU|52|0.385|6.4
WEC|WEC Energy Group, Inc.|N|MU|104|0.32|3.4
ETR|Entergy Corporation|N|EU|83|0.43|2.9
DTE|DTE Energy Company|N|MU|132|0.207|3.3
AEE|Ameren Corporation|N|MU|96|0.27|3.0
PPL|PPL Corporation|N|EU|34|0.739|3.2
FE|FirstEnergy Corp.|N|EU|40|0.577|4.3
ES|Eversource Energy|N|EU|64|0.369|4.7
CNP|CenterPoint Energy, Inc.|N|MU|37|0.653|2.4
CMS|CMS Energy Corporation|N|MU|70|0.299|3.1
ATO|Atmos Energy Corporation|N|GU|154|0.159|2.3
NI|NiSource Inc.|N|MU|40|0.47|2.8
LNT|Alliant Energy Corporation|Q|EU|61|0.257|3.3
EVRG|Evergy, Inc.|Q|EU|68|0.23|3.9
PNW|Pinnacle West Capital Corporation|N|EU|90|0.12|4.0
NRG|NRG Energy, Inc.|N|EU|155|0.19|1.1|0.45
VST|Vistra Corp.|N|IPP|190|0.338|0.5|0.5
CEG|Constellation Energy Corporation|Q|EU|320|0.313|0.5|0.45
AES|The AES Corporation|N|IPP|10.5|0.712|6.7|0.4
AWK|American Water Works Company, Inc.|N|WU|140|0.195|2.3
DLR|Digital Realty Trust, Inc.|N|SREIT|175|0.337|2.8
AVB|AvalonBay Communities, Inc.|N|RESREIT|205|0.142|3.4
EQR|Equity Residential|N|RESREIT|68|0.38|4.1
CBRE|CBRE Group, Inc.|N|REMD|140|0.298|0
CSGP|CoStar Group, Inc.|Q|REMD|80|0.422|0
EXR|Extra Space Storage Inc.|N|SREIT|148|0.212|4.4
VICI|VICI Properties Inc.|N|SREIT|32|1.06|5.4
IRM|Iron Mountain Incorporated|N|SREIT|102|0.295|3.0
SBAC|SBA Communications Corporation|Q|SREIT|232|0.107|1.9
VTR|Ventas, Inc.|N|HREIT|63|0.45|3.0
WY|Weyerhaeuser Company|N|SREIT|26|0.725|3.2
INVH|Invitation Homes Inc.|N|RESREIT|33|0.613|3.5
MAA|Mid-America Apartment Communities, Inc.|N|RESREIT|148|0.117|4.1
ESS|Essex Property Trust, Inc.|N|RESREIT|285|0.0643|3.6
ARE|Alexandria Real Estate Equities, Inc.|N|OREIT|73|0.17|7.2
KIM|Kimco Realty Corporation|N|RREIT|21|0.678|4.8
REG|Regency Centers Corporation|Q|RREIT|71|0.181|4.0
HST|Host Hotels & Resorts, Inc.|Q|HOTREIT|15.5|0.69|5.2
UDR|UDR, Inc.|N|RESREIT|41|0.331|4.2
CPT|Camden Property Trust|N|RESREIT|113|0.107|3.7
BXP|BXP, Inc.|N|OREIT|68|0.158|5.8
FRT|Federal Realty Investment Trust|N|RREIT|96|0.0858|4.6
DOC|Healthpeak Properties, Inc.|N|HREIT|17.5|0.7|7.0
CTVA|Corteva, Inc.|N|CHEM|74|0.682|0.9
DD|DuPont de Nemours, Inc.|N|CHEM|69|0.419|2.4
PPG|PPG Industries, Inc.|N|CHEM|113|0.227|2.4
VMC|Vulcan Materials Company|N|CONM|260|0.132|0.7
MLM|Martin Marietta Materials, Inc.|N|CONM|550|0.061|0.6
IFF|International Flavors & Fragrances Inc.|N|CHEM|75|0.256|2.1
LYB|LyondellBasell Industries N.V.|N|CHEM|58|0.322|9.0
STLD|Steel Dynamics, Inc.|Q|MM|128|0.149|1.5
PKG|Packaging Corporation of America|N|CP|190|0.0901|2.6
IP|International Paper Company|N|CP|47|0.528|3.9
BALL|Ball Corporation|N|CP|56|0.277|1.4
AMCR|Amcor plc|N|CP|9.5|2.3|5.3
AVY|Avery Dennison Corporation|N|CP|176|0.078|2.1
CF|CF Industries Holdings, Inc.|N|CHEM|92|0.162|2.2
MOS|The Mosaic Company|N|CHEM|36|0.317|2.4
ALB|Albemarle Corporation|N|CHEM|63|0.118|2.6|0.55
CE|Celanese Corporation|N|CHEM|55|0.109|0.2|0.5
EMN|Eastman Chemical Company|N|CHEM|75|0.115|4.4
SW|Smurfit Westrock Plc|N|CP|43|0.522|4.0`;
