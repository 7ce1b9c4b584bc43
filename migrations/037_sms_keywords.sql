-- A report sent by SMS takes its category from its words (docs/decisions/037-sms-conversations.md): each category's
-- keywords per language, which administrators edit with the category. The category whose keywords the message uses
-- most wins; a message matching none goes to 'Other', for staff to triage. A keyword matches the start of a word
-- ("leak" in "leaking"), several words in a row ("no water"), and in Arabic anywhere in a word (its article and
-- conjunctions are prefixes). Case and accents do not matter.
ALTER TABLE categories ADD COLUMN sms_keywords jsonb NOT NULL DEFAULT '{}'::jsonb
  CHECK (jsonb_typeof(sms_keywords) = 'object');

UPDATE categories SET sms_keywords = '{
  "en": ["dirty", "brown", "smell", "taste", "muddy", "cloudy", "yellow", "contaminated", "sick", "worms", "salty"],
  "es": ["sucia", "sucio", "olor", "huele", "sabor", "turbia", "marrón", "contaminada", "enfermo", "gusanos"],
  "fr": ["sale", "odeur", "goût", "trouble", "boueuse", "marron", "contaminée", "malade", "vers"],
  "hi": ["गंदा", "गंदी", "बदबू", "मटमैला", "स्वाद", "दूषित", "बीमार", "कीड़े"],
  "ar": ["ملوث", "رائحة", "طعم", "عكر", "وسخ", "متسخ", "مريض", "ديدان"]
}'::jsonb WHERE key = 'Water Quality Issues';

UPDATE categories SET sms_keywords = '{
  "en": ["no water", "dry", "pressure", "water off", "no supply", "shortage", "water cut"],
  "es": ["sin agua", "no hay agua", "presión", "no llega", "corte de agua", "seco"],
  "fr": ["pas d''eau", "plus d''eau", "sans eau", "pression", "coupure", "sec"],
  "hi": ["पानी नहीं", "पानी नही", "दबाव", "सप्लाई", "पानी बंद", "सूखा"],
  "ar": ["لا يوجد ماء", "لا ماء", "انقطاع", "مقطوع", "ضغط", "جاف"]
}'::jsonb WHERE key = 'Water Supply Problems';

UPDATE categories SET sms_keywords = '{
  "en": ["toilet", "latrine", "sewage", "sewer", "faeces", "feces", "septic"],
  "es": ["baño", "letrina", "alcantarillado", "aguas negras", "inodoro", "fosa séptica"],
  "fr": ["toilettes", "latrine", "égout", "eaux usées", "fosse septique"],
  "hi": ["शौचालय", "सीवर", "मल", "सेप्टिक"],
  "ar": ["مرحاض", "صرف صحي", "مجاري", "دورة مياه"]
}'::jsonb WHERE key = 'Sanitation Issues';

UPDATE categories SET sms_keywords = '{
  "en": ["broken pipe", "pump", "tap", "tank", "meter", "valve", "cover", "borehole", "well"],
  "es": ["tubería rota", "bomba", "grifo", "tanque", "medidor", "válvula", "tapa", "pozo"],
  "fr": ["tuyau cassé", "pompe", "robinet", "réservoir", "compteur", "vanne", "couvercle", "forage", "puits"],
  "hi": ["टूटा पाइप", "पंप", "नल", "टंकी", "मीटर", "वाल्व", "ढक्कन", "हैंडपंप"],
  "ar": ["مضخة", "صنبور", "حنفية", "خزان", "عداد", "صمام", "غطاء", "بئر"]
}'::jsonb WHERE key = 'Infrastructure Problems';

UPDATE categories SET sms_keywords = '{
  "en": ["leak", "burst", "spill", "overflow", "wasting", "gushing"],
  "es": ["fuga", "gotea", "goteo", "derrame", "reventó", "desperdicio"],
  "fr": ["fuite", "fuit", "éclaté", "déborde", "gaspillage"],
  "hi": ["रिसाव", "लीक", "टपक", "फटा", "फटी", "बह रहा"],
  "ar": ["تسرب", "تسريب", "انفجار", "ينقط", "هدر"]
}'::jsonb WHERE key = 'Leakage Issues';

UPDATE categories SET sms_keywords = '{
  "en": ["drain", "flood", "standing water", "gutter", "blocked", "puddle"],
  "es": ["desagüe", "drenaje", "inundación", "inundado", "charco", "alcantarilla", "tapado"],
  "fr": ["caniveau", "drainage", "inondation", "inondé", "eau stagnante", "bouché", "flaque"],
  "hi": ["नाली", "बाढ़", "जलभराव", "पानी भरा", "जाम"],
  "ar": ["تصريف", "فيضان", "مياه راكدة", "بالوعة", "انسداد", "مسدود"]
}'::jsonb WHERE key = 'Drainage Problems';
