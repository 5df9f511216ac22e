/**
 * S&P MidCap 400 constituents as of 2025-06-30 (part 1: financials, industrials, technology).
 * Same row format as `universe-sp500-a.ts`; approximate mid-2025 prices and share counts.
 */
export const MIDCAP_A_MEMBERS = ``;

export const MIDCAP_A_ROWS = `AFG|American Financial Group, Inc.|N|INS|125|0.0837|2.5
ALLY|Ally Financial Inc.|N|CF|38|0.307|3.2
AMG|Affiliated Managers Group, Inc.|N|CM|190|0.0285|0
ASB|Associated Banc-Corp|N|BANK|24|0.166|3.8
BHF|Brighthouse Financial, Inc.|Q|INS|55|0.0573|0
CADE|Cadence Bank|N|BANK|31|0.182|3.6
CBSH|Commerce Bancshares, Inc.|Q|BANK|62|0.133|1.8
CFR|Cullen/Frost Bankers, Inc.|N|BANK|128|0.0642|3.1
CG|The Carlyle Group Inc.|Q|CM|52|0.361|2.7|0.38
CNO|CNO Financial Group, Inc.|N|INS|38|0.099|1.7
COLB|Columbia Banking System, Inc.|Q|BANK|23|0.21|6.2
EQH|Equitable Holdings, Inc.|N|INS|54|0.306|1.8
ESNT|Essent Group Ltd.|N|FS|60|0.1|2.0
EVR|Evercore Inc.|N|CM|260|0.0389|1.3
EWBC|East West Bancorp, Inc.|Q|BANK|98|0.138|2.4
FAF|First American Financial Corporation|N|INS|61|0.103|3.5
FCNCA|First Citizens BancShares, Inc.|Q|BANK|1950|0.0137|0.4
FHN|First Horizon Corporation|N|BANK|21|0.514|2.9
FNB|F.N.B. Corporation|N|BANK|14.5|0.36|3.3
FNF|Fidelity National Financial, Inc.|N|INS|57|0.275|3.5
GBCI|Glacier Bancorp, Inc.|N|BANK|43|0.118|3.1
HLI|Houlihan Lokey, Inc.|N|CM|180|0.0655|1.3
HOMB|Home Bancshares, Inc.|N|BANK|28|0.198|2.8
HWC|Hancock Whitney Corporation|Q|BANK|57|0.0856|3.2
IBKR|Interactive Brokers Group, Inc.|Q|CM|55|1.69|0.6|0.4
JEF|Jefferies Financial Group Inc.|N|CM|55|0.206|2.9
JHG|Janus Henderson Group plc|N|CM|39|0.155|4.1
KNSL|Kinsale Capital Group, Inc.|N|INS|470|0.0233|0.1
MTG|MGIC Investment Corporation|N|FS|27|0.24|2.2
ONB|Old National Bancorp|Q|BANK|21|0.39|2.7
ORI|Old Republic International Corporation|N|INS|38|0.247|3.0
OZK|Bank OZK|Q|BANK|47|0.114|3.6
PB|Prosperity Bancshares, Inc.|N|BANK|70|0.0953|3.3
PNFP|Pinnacle Financial Partners, Inc.|Q|BANK|110|0.0774|0.9
PRI|Primerica, Inc.|N|INS|270|0.0328|1.5
RGA|Reinsurance Group of America, Incorporated|N|INS|195|0.066|1.8
RLI|RLI Corp.|N|INS|72|0.0918|0.9
RNR|RenaissanceRe Holdings Ltd.|N|INS|245|0.0486|0.7
SEIC|SEI Investments Company|Q|CM|88|0.125|1.1
SF|Stifel Financial Corp.|N|CM|102|0.102|1.8
SIGI|Selective Insurance Group, Inc.|Q|INS|86|0.0608|1.8
SNV|Synovus Financial Corp.|N|BANK|51|0.139|3.0
SSB|SouthState Corporation|N|BANK|92|0.101|2.3
THG|The Hanover Insurance Group, Inc.|N|INS|168|0.0359|2.2
UMBF|UMB Financial Corporation|Q|BANK|105|0.0759|1.5
UNM|Unum Group|N|INS|80|0.175|2.1
VLY|Valley National Bancorp|Q|BANK|9|0.56|4.9
VOYA|Voya Financial, Inc.|N|FS|70|0.0963|2.6
WAL|Western Alliance Bancorporation|N|BANK|78|0.11|2.0
WBS|Webster Financial Corporation|N|BANK|55|0.168|2.9
WTFC|Wintrust Financial Corporation|Q|BANK|124|0.0669|1.6
WEX|WEX Inc.|N|FS|145|0.0343|0
SLM|SLM Corporation|Q|CF|32|0.21|1.6
FLG|Flagstar Financial, Inc.|N|BANK|11|0.415|0.4
AAON|AAON, Inc.|Q|BP|75|0.0815|0.5|0.45
ACM|AECOM|N|CE|112|0.132|0.9
AGCO|AGCO Corporation|N|MACH|102|0.0746|1.1
AIT|Applied Industrial Technologies, Inc.|N|TDC|235|0.038|0.8
ALK|Alaska Air Group, Inc.|N|AIR|50|0.121|0|0.45
AVAV|AeroVironment, Inc.|Q|AD|280|0.0493|0|0.55
AYI|Acuity Inc.|N|EE|300|0.0307|0.2
BCO|The Brink's Company|N|CSS|90|0.042|1.1
BWXT|BWX Technologies, Inc.|N|AD|145|0.0914|0.7
CACI|CACI International Inc|N|PRO|475|0.0219|0
CAR|Avis Budget Group, Inc.|Q|GT|170|0.0352|0|0.6
CLH|Clean Harbors, Inc.|N|CSS|230|0.0536|0
CNM|Core & Main, Inc.|N|TDC|60|0.19|0
CR|Crane Company|N|MACH|190|0.0575|0.5
CSL|Carlisle Companies Incorporated|N|BP|375|0.0436|1.1
CW|Curtiss-Wright Corporation|N|AD|480|0.0377|0.2
CXT|Crane NXT, Co.|N|ELEC|54|0.0573|1.2
DCI|Donaldson Company, Inc.|N|MACH|70|0.117|1.6
EME|EMCOR Group, Inc.|N|CE|530|0.0448|0.2|0.38
ESAB|ESAB Corporation|N|MACH|120|0.0606|0.3
EXLS|ExlService Holdings, Inc.|Q|PRO|44|0.162|0
EXPO|Exponent, Inc.|Q|PRO|75|0.0508|1.6
FBIN|Fortune Brands Innovations, Inc.|N|BP|53|0.121|1.9
FCN|FTI Consulting, Inc.|N|PRO|165|0.0325|0
FIX|Comfort Systems USA, Inc.|N|CE|540|0.0354|0.3|0.42
FLR|Fluor Corporation|N|CE|50|0.163|0|0.45
FLS|Flowserve Corporation|N|MACH|52|0.131|1.6
GATX|GATX Corporation|N|TDC|155|0.0357|1.6
GGG|Graco Inc.|N|MACH|86|0.168|1.3
GTLS|Chart Industries, Inc.|N|MACH|165|0.0449|0
GXO|GXO Logistics, Inc.|N|AFL|48|0.114|0
HXL|Hexcel Corporation|N|AD|57|0.0803|1.2
ITT|ITT Inc.|N|MACH|157|0.0788|0.9
KBR|KBR, Inc.|N|PRO|48|0.129|1.4
KEX|Kirby Corporation|N|MAR|112|0.0567|0
KNX|Knight-Swift Transportation Holdings Inc.|N|GT|44|0.162|1.6
LECO|Lincoln Electric Holdings, Inc.|Q|MACH|205|0.0559|1.5
LSTR|Landstar System, Inc.|Q|GT|140|0.0349|1.1
MAN|ManpowerGroup Inc.|N|PRO|41|0.0463|3.6
MIDD|The Middleby Corporation|Q|MACH|145|0.0536|0
MMS|Maximus, Inc.|N|PRO|70|0.0566|1.7
MSA|MSA Safety Incorporated|N|CSS|168|0.0393|1.2
MSM|MSC Industrial Direct Co., Inc.|N|TDC|85|0.0558|4.0
MTZ|MasTec, Inc.|N|CE|170|0.0783|0|0.42
NVT|nVent Electric plc|N|EE|73|0.164|1.1
OC|Owens Corning|N|BP|138|0.0838|2.0
OSK|Oshkosh Corporation|N|MACH|113|0.0642|1.8
PSN|Parsons Corporation|N|PRO|72|0.107|0
R|Ryder System, Inc.|N|GT|160|0.0418|2.0
RBA|RB Global, Inc.|N|CSS|106|0.185|1.1
RBC|RBC Bearings Incorporated|N|MACH|385|0.0316|0
RRX|Regal Rexnord Corporation|N|EE|145|0.0664|1.0
SAIA|Saia, Inc.|Q|GT|275|0.0266|0|0.5
SAIC|Science Applications International Corporation|Q|PRO|113|0.0469|1.3
SSD|Simpson Manufacturing Co., Inc.|N|BP|155|0.0421|0.7
TEX|Terex Corporation|N|MACH|47|0.0655|1.4
TKR|The Timken Company|N|MACH|73|0.0701|1.9
TREX|Trex Company, Inc.|N|BP|55|0.107|0
TTC|The Toro Company|N|MACH|71|0.0996|2.1
TTEK|Tetra Tech, Inc.|Q|CE|36|0.264|0.7
UFPI|UFP Industries, Inc.|Q|BP|100|0.0605|1.4
VMI|Valmont Industries, Inc.|N|CE|325|0.0198|0.8
WCC|WESCO International, Inc.|N|TDC|185|0.0488|1.0
WMS|Advanced Drainage Systems, Inc.|N|BP|115|0.0776|0.6
WSO|Watsco, Inc.|N|TDC|440|0.0404|2.6
WTS|Watts Water Technologies, Inc.|N|MACH|245|0.0333|0.8
WWD|Woodward, Inc.|Q|AD|245|0.0599|0.5
XPO|XPO, Inc.|N|GT|126|0.118|0|0.45
BLD|TopBuild Corp.|N|HDUR|320|0.0285|0
MLI|Mueller Industries, Inc.|N|MACH|80|0.111|1.1
BAH|Booz Allen Hamilton Holding Corporation|N|PRO|105|0.125|2.0
SPXC|SPX Technologies, Inc.|N|MACH|165|0.0467|0
NXT|Nextracker Inc.|Q|EE|58|0.147|0|0.55
ARW|Arrow Electronics, Inc.|N|ELEC|125|0.0522|0
AVT|Avnet, Inc.|Q|ELEC|53|0.0837|2.5
CGNX|Cognex Corporation|Q|ELEC|32|0.168|1.0
CIEN|Ciena Corporation|N|COMM|80|0.142|0|0.45
COHR|Coherent Corp.|N|ELEC|88|0.155|0|0.55
CRUS|Cirrus Logic, Inc.|Q|SEMI|104|0.0522|0
DBX|Dropbox, Inc.|Q|SW|28|0.285|0
DLB|Dolby Laboratories, Inc.|N|SW|75|0.0956|1.7
DOCU|DocuSign, Inc.|Q|SW|78|0.202|0|0.42
DT|Dynatrace, Inc.|N|SW|55|0.3|0
FN|Fabrinet|N|ELEC|290|0.0358|0|0.5
G|Genpact Limited|N|ITS|44|0.175|1.5
GWRE|Guidewire Software, Inc.|N|SW|235|0.0842|0
LSCC|Lattice Semiconductor Corporation|Q|SEMI|49|0.137|0|0.5
LFUS|Littelfuse, Inc.|Q|ELEC|225|0.0248|1.3
MANH|Manhattan Associates, Inc.|Q|SW|195|0.0606|0
MKSI|MKS Inc.|Q|SEQ|98|0.0675|0.9
MTSI|MACOM Technology Solutions Holdings, Inc.|Q|SEMI|140|0.0745|0|0.5
NOVT|Novanta Inc.|Q|ELEC|128|0.036|0
NTNX|Nutanix, Inc.|Q|SW|75|0.267|0
OLED|Universal Display Corporation|Q|SEMI|150|0.0475|1.2
ONTO|Onto Innovation Inc.|N|SEQ|100|0.0488|0|0.5
PCTY|Paylocity Holding Corporation|Q|SW|185|0.055|0
PSTG|Pure Storage, Inc.|N|HW|57|0.326|0|0.5
QLYS|Qualys, Inc.|Q|SW|142|0.0363|0
RMBS|Rambus Inc.|Q|SEMI|64|0.107|0|0.5
SLAB|Silicon Laboratories Inc.|Q|SEMI|145|0.0325|0|0.5
SNX|TD SYNNEX Corporation|N|ELEC|135|0.0827|1.3
ST|Sensata Technologies Holding plc|N|ELEC|30|0.146|1.6
VNT|Vontier Corporation|N|ELEC|37|0.148|0.3
BSY|Bentley Systems, Incorporated|Q|SW|53|0.292|0.5
CVLT|Commvault Systems, Inc.|Q|SW|175|0.0441|0
AMKR|Amkor Technology, Inc.|Q|SEQ|21|0.247|1.6
BMI|Badger Meter, Inc.|N|ELEC|245|0.0295|0.5
ACIW|ACI Worldwide, Inc.|Q|SW|46|0.105|0
ASGN|ASGN Incorporated|N|ITS|50|0.0437|0
KD|Kyndryl Holdings, Inc.|N|ITS|40|0.232|0
IDCC|InterDigital, Inc.|Q|SW|225|0.0258|1.1
LITE|Lumentum Holdings Inc.|Q|COMM|95|0.0694|0|0.6`;
