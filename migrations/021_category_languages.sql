-- Categories in every language, each with an icon (docs/decisions/019-languages.md, "Categories in each language").
-- `name` and `description` stay the English texts (the specification's names, what Open311 answers); `translations`
-- holds the other languages' versions as {"es": {"name": …, "description": …}, …}: a language missing there, or
-- with an empty name, is shown in English. `icon` is the key of one of the portal's own icons
-- (src/shared/categories/category-icons.ts), chosen by administrators. Both columns have defaults, so the previous
-- release's instances keep inserting categories during a rolling upgrade (docs/operating.md, "Upgrades").
ALTER TABLE categories ADD COLUMN icon text NOT NULL DEFAULT 'other' CHECK (icon ~ '^[a-z][a-z-]{0,31}$');
ALTER TABLE categories ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
  CHECK (jsonb_typeof(translations) = 'object');

-- The specification's seven, translated, each with its icon. Matched by service code: an administrator may have
-- renamed them, never recoded them.
UPDATE categories SET icon = 'droplet', translations = '{
  "es": {"name": "Problemas de calidad del agua", "description": "Agua con aspecto, olor o sabor extraños, o que enferma a las personas."},
  "fr": {"name": "Problèmes de qualité de l''eau", "description": "Eau dont l''aspect, l''odeur ou le goût est anormal, ou qui rend malade."},
  "hi": {"name": "पानी की गुणवत्ता की समस्याएँ", "description": "ऐसा पानी जो देखने, सूँघने या स्वाद में ठीक न लगे, या जिससे लोग बीमार पड़ें।"},
  "ar": {"name": "مشكلات جودة المياه", "description": "مياه يبدو لونها أو رائحتها أو طعمها غير طبيعي، أو تسبب المرض."}
}'::jsonb WHERE service_code = 'water-quality';

UPDATE categories SET icon = 'tap', translations = '{
  "es": {"name": "Problemas de suministro de agua", "description": "Sin agua, con poca presión o con suministro a horas indebidas."},
  "fr": {"name": "Problèmes d''approvisionnement en eau", "description": "Pas d''eau, pression faible ou distribution aux mauvaises heures."},
  "hi": {"name": "जल आपूर्ति की समस्याएँ", "description": "पानी न आना, कम दबाव, या गलत समय पर आपूर्ति।"},
  "ar": {"name": "مشكلات إمداد المياه", "description": "انقطاع المياه أو ضعف ضغطها أو وصولها في أوقات غير مناسبة."}
}'::jsonb WHERE service_code = 'water-supply';

UPDATE categories SET icon = 'toilet', translations = '{
  "es": {"name": "Problemas de saneamiento", "description": "Inodoros, letrinas, alcantarillado y aguas residuales."},
  "fr": {"name": "Problèmes d''assainissement", "description": "Toilettes, latrines, égouts et eaux usées."},
  "hi": {"name": "स्वच्छता की समस्याएँ", "description": "शौचालय, सीवर और गंदा पानी।"},
  "ar": {"name": "مشكلات الصرف الصحي", "description": "المراحيض ودورات المياه العامة والمجاري ومياه الصرف."}
}'::jsonb WHERE service_code = 'sanitation';

UPDATE categories SET icon = 'pipe', translations = '{
  "es": {"name": "Problemas de infraestructura", "description": "Tuberías, bombas, grifos, depósitos, contadores o tapas rotos."},
  "fr": {"name": "Problèmes d''infrastructure", "description": "Canalisations, pompes, robinets, réservoirs, compteurs ou couvercles cassés."},
  "hi": {"name": "बुनियादी ढाँचे की समस्याएँ", "description": "टूटे पाइप, पंप, नल, टंकियाँ, मीटर या ढक्कन।"},
  "ar": {"name": "مشكلات البنية التحتية", "description": "أنابيب أو مضخات أو صنابير أو خزانات أو عدادات أو أغطية مكسورة."}
}'::jsonb WHERE service_code = 'infrastructure';

UPDATE categories SET icon = 'leak', translations = '{
  "es": {"name": "Problemas de fugas", "description": "Agua que se escapa de una tubería, una conducción principal, una válvula o un hidrante."},
  "fr": {"name": "Problèmes de fuites", "description": "Eau qui s''échappe d''un tuyau, d''une conduite principale, d''une vanne ou d''une bouche d''incendie."},
  "hi": {"name": "रिसाव की समस्याएँ", "description": "पाइप, मुख्य लाइन, वाल्व या हाइड्रेंट से पानी का बहना।"},
  "ar": {"name": "مشكلات التسرب", "description": "تسرب المياه من أنبوب أو خط رئيسي أو صمام أو حنفية إطفاء."}
}'::jsonb WHERE service_code = 'leakage';

UPDATE categories SET icon = 'drain', translations = '{
  "es": {"name": "Problemas de drenaje", "description": "Desagües atascados, agua estancada e inundaciones."},
  "fr": {"name": "Problèmes de drainage", "description": "Évacuations bouchées, eau stagnante et inondations."},
  "hi": {"name": "जल निकासी की समस्याएँ", "description": "बंद नालियाँ, जमा हुआ पानी और बाढ़।"},
  "ar": {"name": "مشكلات التصريف", "description": "مصارف مسدودة ومياه راكدة وفيضانات."}
}'::jsonb WHERE service_code = 'drainage';

UPDATE categories SET icon = 'other', translations = '{
  "es": {"name": "Otros", "description": "Cualquier otro problema de agua o saneamiento."},
  "fr": {"name": "Autre", "description": "Tout autre problème d''eau ou d''assainissement."},
  "hi": {"name": "अन्य", "description": "पानी या स्वच्छता की कोई अन्य समस्या।"},
  "ar": {"name": "أخرى", "description": "أي مشكلة أخرى تتعلق بالمياه أو الصرف الصحي."}
}'::jsonb WHERE service_code = 'other';
