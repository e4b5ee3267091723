/**
 * Migration 5's SQL: the functions and the index the SQL reader (content/readers/sql/) reads
 * stored documents with, kept apart from migrations.ts for its length.
 */

/** Raw: the regular expressions and Unicode escapes below keep their backslashes. */
export const READING_SQL = String.raw`
      -- What the SQL reader (content/readers/sql/) needs to answer as the memory reader does. The
      -- functions read json as the memory reader's normalizers (model/query/values.ts) read values:
      -- NULL where they answer null, never raising, whatever a row holds. They call one another by
      -- name, for the project's connections (search_path: its schema); folio_id, which the index
      -- computes wherever the table is written or analysed, calls none.
      -- A number's text as JavaScript's Number() reads it where float8 would refuse it (beyond its
      -- range: Infinity, or NULL for a json number, which JSON.parse makes Infinity and no
      -- normalizer takes; below its smallest value: zero) or where it is too long to check at a
      -- glance: the power of ten of its first significant digit, and at the edges its value, say which.
      CREATE FUNCTION folio_float_edge(t text, from_json boolean) RETURNS float8 LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE whole text := substring(t FROM '^[+-]?([0-9]*)'); all_digits text := whole || coalesce(substring(t FROM '\.([0-9]*)'), '');
        exponent text := coalesce(substring(t FROM '[eE]([+-]?[0-9]+)$'), '0'); digits text := rtrim(ltrim(all_digits, '0'), '0'); magnitude numeric; value numeric;
      BEGIN
        IF digits = '' THEN RETURN CASE WHEN t LIKE '-%' THEN '-0' ELSE '0' END; END IF;
        magnitude := CASE WHEN length(ltrim(exponent, '+-0')) > 12 THEN (CASE WHEN exponent LIKE '-%' THEN -1e13 ELSE 1e13 END)
          ELSE exponent::numeric + length(whole) - (length(all_digits) - length(ltrim(all_digits, '0'))) - 1 END;
        IF magnitude BETWEEN -324 AND 308 THEN
          -- At the edges: below 2^1024 - 2^970 (beyond it rounds to Infinity), above 2^-1075 (at or below it rounds to zero).
          value := ('0.' || left(digits, 1100) || CASE WHEN length(digits) > 1100 THEN '1' ELSE '' END || 'e' || (magnitude + 1))::numeric;
          IF (magnitude > -324 AND magnitude < 308) OR (magnitude = 308 AND value < 2::numeric ^ 1024 - 2::numeric ^ 970)
              OR (magnitude = -324 AND value > ('0.' || lpad((5::numeric ^ 1075)::text, 1075, '0'))::numeric) THEN RETURN t::float8; END IF;
        END IF;
        IF magnitude > 0 THEN RETURN CASE WHEN from_json THEN NULL WHEN t LIKE '-%' THEN '-Infinity' ELSE 'Infinity' END; END IF;
        RETURN CASE WHEN t LIKE '-%' THEN '-0' ELSE '0' END;
      END $$;
      -- A number's text (JSON's, or one Number() takes) as a double, correctly rounded (float8's
      -- strtod, as JavaScript): at most 200 characters and a two-digit exponent stay in range.
      CREATE FUNCTION folio_float(t text, from_json boolean) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN length(t) <= 200 AND (strpos(t, 'e') + strpos(t, 'E') = 0 OR translate(right(t, 3), '0123456789', '') <> '')
          THEN t::float8 ELSE folio_float_edge(t, from_json) END
      $$;
      -- toNumber (number, integer, decimal, float): a json number, or a text that is one once
      -- trimmed of String.prototype.trim's white space.
      CREATE FUNCTION folio_number(v json) RETURNS float8 LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE t text;
      BEGIN
        IF json_typeof(v) = 'number' THEN RETURN folio_float(v::text, true); END IF;
        IF json_typeof(v) IS DISTINCT FROM 'string' THEN RETURN NULL; END IF;
        t := btrim(v #>> '{}', U&'\0009\000A\000B\000C\000D\0020\00A0\1680\2000\2001\2002\2003\2004\2005\2006\2007\2008\2009\200A\2028\2029\202F\205F\3000\FEFF');
        RETURN CASE WHEN t ~ '^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$' THEN folio_float(t, false) END;
      END $$;
      -- toBigInt (biginteger), exactly: an integer text (numeric holds 131072 digits, a BigInt
      -- more: a longer one reads as NULL), or a json number whose double is an integer, with all its
      -- digits (float8 → numeric keeps 15: scaled down by a power of two first, then up in numeric).
      CREATE FUNCTION folio_bigint(v json) RETURNS numeric LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE f float8; shift integer;
      BEGIN
        IF json_typeof(v) = 'string' THEN
          RETURN CASE WHEN (v #>> '{}') ~ '^[+-]?[0-9]+$' AND length(v #>> '{}') <= 131072 THEN (v #>> '{}')::numeric END;
        END IF;
        IF json_typeof(v) IS DISTINCT FROM 'number' THEN RETURN NULL; END IF;
        f := folio_float(v::text, true);
        IF f IS NULL OR f <> trunc(f) THEN RETURN NULL; END IF;
        IF abs(f) < 9.2e18 THEN RETURN f::bigint::numeric; END IF;
        shift := floor(ln(abs(f)) / ln(2::float8))::integer - 60;
        RETURN trunc((f / power(2::float8, shift))::bigint * power(2::numeric, shift));
      END $$;
      -- parseBoolean (boolean): true, false, 'true', 't', '1', 'false', 'f', '0', 1 and 0, as 1 and 0.
      CREATE FUNCTION folio_boolean(v json) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      BEGIN
        RETURN CASE json_typeof(v) WHEN 'boolean' THEN (v::text = 'true')::integer WHEN 'number' THEN (CASE folio_float(v::text, true) WHEN 1 THEN 1 WHEN 0 THEN 0 END)
          WHEN 'string' THEN (CASE WHEN (v #>> '{}') IN ('true', 't', '1') THEN 1 WHEN (v #>> '{}') IN ('false', 'f', '0') THEN 0 END) END;
      END $$;
      -- Number.prototype.toString (the text operators and _q read a number's text): the shortest
      -- digits that read back as the double, in JavaScript's notation. float8's text is shortest
      -- when extra_float_digits is above 0 (its default, which the store's connections keep), except
      -- that it never ends on a midpoint between two doubles where JavaScript's may: above 2^53,
      -- where midpoints are integers, the shorter texts are tried.
      CREATE FUNCTION folio_js_number(f float8) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE shown text := f::text; parts text[]; digits text; point integer; k integer; low numeric; best numeric; candidate numeric;
      BEGIN
        parts := regexp_match(shown, '^(-?)([0-9]+)(?:\.([0-9]+))?(?:e([+-][0-9]+))?$');
        IF parts IS NULL THEN RETURN shown; END IF; -- Infinity, -Infinity
        digits := parts[2] || coalesce(parts[3], '');
        point := length(parts[2]) + coalesce(parts[4]::integer, 0) - (length(digits) - length(ltrim(digits, '0')));
        digits := rtrim(ltrim(digits, '0'), '0');
        IF digits = '' THEN RETURN '0'; END IF;
        k := length(digits);
        IF abs(f) >= 9007199254740992 THEN
          FOR p IN 1 .. k - 1 LOOP
            low := left(digits, p)::numeric;
            best := NULL;
            FOREACH candidate IN ARRAY ARRAY[low, low + 1] LOOP
              IF folio_float(candidate::text || 'e' || (point - p), true) = abs(f) AND (best IS NULL
                  OR abs(candidate * 10 ^ (k - p) - digits::numeric) < abs(best * 10 ^ (k - p) - digits::numeric)) THEN
                best := candidate;
              END IF;
            END LOOP;
            IF best IS NOT NULL THEN
              point := point - p + length(best::text); digits := rtrim(best::text, '0'); k := length(digits);
              EXIT;
            END IF;
          END LOOP;
        END IF;
        RETURN CASE WHEN parts[1] = '-' THEN '-' ELSE '' END || CASE
          WHEN k <= point AND point <= 21 THEN digits || repeat('0', point - k)
          WHEN 0 < point AND point <= 21 THEN left(digits, point) || '.' || substr(digits, point + 1)
          WHEN -6 < point AND point <= 0 THEN '0.' || repeat('0', -point) || digits
          ELSE left(digits, 1) || CASE WHEN k > 1 THEN '.' || substr(digits, 2) ELSE '' END || 'e' || CASE WHEN point > 0 THEN '+' ELSE '-' END || abs(point - 1)
        END;
      END $$;
      -- textOf (string attributes, and what the text operators read): a string, a number's or a
      -- boolean's text.
      CREATE FUNCTION folio_text(v json) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      BEGIN
        RETURN CASE json_typeof(v) WHEN 'string' THEN v #>> '{}' WHEN 'number' THEN folio_js_number(folio_float(v::text, false)) WHEN 'boolean' THEN v::text END;
      END $$;
      -- toDateKey (date): the YYYY-MM-DD a text starts with.
      CREATE FUNCTION folio_date(v json) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN json_typeof(v) = 'string' AND (v #>> '{}') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN left(v #>> '{}', 10) END
      $$;
      -- toTime (time): HH:mm[:ss[.SSS]] as HH:mm:ss.SSS.
      CREATE FUNCTION folio_time(v json) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE p text[];
      BEGIN
        IF json_typeof(v) IS DISTINCT FROM 'string' THEN RETURN NULL; END IF;
        p := regexp_match(v #>> '{}', '^([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]{1,3}))?)?$');
        IF p IS NULL OR p[1]::integer > 23 OR p[2]::integer > 59 OR coalesce(p[3], '00')::integer > 59 THEN RETURN NULL; END IF;
        RETURN p[1] || ':' || p[2] || ':' || coalesce(p[3], '00') || '.' || rpad(coalesce(p[4], ''), 3, '0');
      END $$;
      -- Milliseconds since the epoch as Date#toISOString writes them, Date's truncation first (years
      -- outside 0–9999 as ±YYYYYY; NULL beyond Date's range): Hinnant's civil_from_days.
      CREATE FUNCTION folio_iso(ms float8) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE t bigint; days bigint; era bigint; doe bigint; yoe bigint; doy bigint; mp bigint; y bigint; m bigint; d bigint; r bigint;
      BEGIN
        IF ms IS NULL OR abs(ms) > 8.64e15 THEN RETURN NULL; END IF;
        t := trunc(ms)::bigint; days := floor(t / 86400000.0)::bigint; r := t - days * 86400000;
        era := floor((days + 719468) / 146097.0)::bigint; doe := days + 719468 - era * 146097;
        yoe := (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365; doy := doe - (365 * yoe + yoe / 4 - yoe / 100);
        mp := (5 * doy + 2) / 153; d := doy - (153 * mp + 2) / 5 + 1; m := CASE WHEN mp < 10 THEN mp + 3 ELSE mp - 9 END;
        y := yoe + era * 400 + CASE WHEN m <= 2 THEN 1 ELSE 0 END;
        RETURN CASE WHEN y BETWEEN 0 AND 9999 THEN lpad(y::text, 4, '0') WHEN y < 0 THEN '-' || lpad((-y)::text, 6, '0') ELSE '+' || lpad(y::text, 6, '0') END
          || to_char(m, 'FM"-"00') || to_char(d, 'FM"-"00') || to_char(r / 3600000, 'FM"T"00') || to_char(r / 60000 % 60, 'FM":"00')
          || to_char(r / 1000 % 60, 'FM":"00') || to_char(r % 1000, 'FM"."000') || 'Z';
      END $$;
      -- Days since 1970-01-01 of a proleptic Gregorian date: Hinnant's days_from_civil.
      CREATE FUNCTION folio_days(y bigint, m bigint, d bigint) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + (153 * (m + CASE WHEN m > 2 THEN -3 ELSE 9 END) + 2) / 5 + d - 1 - 719468
        FROM (SELECT floor((y - (m <= 2)::integer) / 400.0)::bigint AS era) AS e, LATERAL (SELECT y - (m <= 2)::integer - era * 400 AS yoe) AS o
      $$;
      -- toInstantKey (datetime): a canonical ISO text as it is (24 UTF-16 units, T and Z in place:
      -- a character beyond the BMP is two), else the instant of a number (ms), an integer text or an
      -- ISO 8601 text as V8's Date.parse reads them: +HH offsets refused, 24:00 the next day,
      -- fractions cut to ms, and a date with Z (not ISO 8601) read by V8's legacy rules below year 100.
      CREATE FUNCTION folio_instant(v json) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE t text; u text; p text[]; y integer; mo integer; d integer; h integer; mi integer; s integer; shift integer := 0; leap integer;
      BEGIN
        IF json_typeof(v) = 'number' THEN RETURN folio_iso(folio_float(v::text, true)); END IF;
        IF json_typeof(v) IS DISTINCT FROM 'string' THEN RETURN NULL; END IF;
        t := v #>> '{}';
        IF length(t) <= 24 AND octet_length(t) >= 24 THEN
          u := CASE WHEN octet_length(t) = length(t) THEN t ELSE regexp_replace(t, '[\U00010000-\U0010FFFF]', 'xx', 'g') END;
          IF length(u) = 24 AND substr(u, 11, 1) = 'T' AND substr(u, 24, 1) = 'Z' THEN RETURN t; END IF;
        END IF;
        IF t ~ '^[+-]?[0-9]+$' THEN
          u := ltrim(ltrim(t, '+-'), '0');
          RETURN CASE WHEN length(u) <= 16 THEN folio_iso(CASE WHEN t LIKE '-%' THEN -1 ELSE 1 END * ('0' || u)::float8) END;
        END IF;
        p := regexp_match(t, '^([0-9]{4})-([0-9]{2})-([0-9]{2})(?:[Tt ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:\.([0-9]+))?)?)?([Zz]|[+-][0-9]{2}(?::?[0-9]{2})?)?$');
        IF p IS NULL THEN RETURN NULL; END IF;
        y := p[1]::integer; mo := p[2]::integer; d := p[3]::integer;
        -- toDate's check of the date: Date.UTC reads the years 0–99 as 1900–1999.
        leap := CASE WHEN y < 100 THEN y + 1900 ELSE y END;
        IF mo NOT BETWEEN 1 AND 12 OR d < 1 OR d > (CASE WHEN mo = 2 THEN (CASE WHEN leap % 4 = 0 AND (leap % 100 <> 0 OR leap % 400 = 0) THEN 29 ELSE 28 END)
            WHEN mo IN (4, 6, 9, 11) THEN 30 ELSE 31 END) THEN RETURN NULL; END IF;
        IF p[4] IS NULL THEN
          IF p[8] IS NULL OR (upper(p[8]) = 'Z' AND y >= 100) THEN RETURN folio_iso(folio_days(y, mo, d) * 86400000.0); END IF;
          IF upper(p[8]) <> 'Z' OR y BETWEEN 13 AND 31 THEN RETURN NULL; END IF;
          IF y BETWEEN 1 AND 12 THEN RETURN folio_iso(folio_days(CASE WHEN d < 50 THEN 2000 + d ELSE 1900 + d END, y, mo) * 86400000.0); END IF;
          RETURN folio_iso(folio_days(CASE WHEN y = 0 THEN 2000 WHEN y < 50 THEN 2000 + y ELSE 1900 + y END, mo, d) * 86400000.0);
        END IF;
        h := p[4]::integer; mi := p[5]::integer; s := coalesce(p[6], '0')::integer;
        IF h > 24 OR mi > 59 OR s > 59 OR (h = 24 AND (mi > 0 OR s > 0 OR coalesce(p[7], '') ~ '[1-9]')) THEN RETURN NULL; END IF;
        IF p[8] IS NOT NULL AND upper(p[8]) <> 'Z' THEN
          IF length(p[8]) = 3 OR substr(p[8], 2, 2)::integer > 23 OR right(p[8], 2)::integer > 59 THEN RETURN NULL; END IF;
          shift := CASE WHEN p[8] LIKE '-%' THEN -1 ELSE 1 END * (substr(p[8], 2, 2)::integer * 60 + right(p[8], 2)::integer);
        END IF;
        RETURN folio_iso(folio_days(y, mo, d) * 86400000.0 + h * 3600000 + mi * 60000 + s * 1000 + rpad(left(coalesce(p[7], ''), 3), 3, '0')::integer - shift * 60000);
      END $$;
      -- toLowerCase (the case-insensitive operators, _q): Unicode's full lower-case mapping without
      -- a locale, where the server has one (PostgreSQL 18's PG_UNICODE_FAST, else ICU's root
      -- locale); else lower() as the database's collation has it.
      DO $$
      DECLARE chosen text := (SELECT collname FROM pg_collation WHERE collname IN ('pg_unicode_fast', 'und-x-icu') AND collencoding IN (-1, pg_char_to_encoding(getdatabaseencoding())) ORDER BY collname = 'pg_unicode_fast' DESC LIMIT 1);
      BEGIN
        EXECUTE format('CREATE FUNCTION folio_lower(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS %L', 'SELECT lower(t' || coalesce(format(' COLLATE %I', chosen), '') || ')');
      END $$;
      -- A text whose bytes (COLLATE "C") order as JavaScript orders texts, by UTF-16 code unit: a
      -- character beyond the BMP (two units from 0xD800) sorts below U+E000–U+FFFF there, above them
      -- by code point; prefixed with U+E000 and those with U+E001, they sort as in JavaScript.
      CREATE FUNCTION folio_text_key(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN t ~ '[\uE000-\U0010FFFF]' THEN regexp_replace(regexp_replace(t, '[\uE000-\uFFFF]', U&'\E001\\&', 'g'), '[\U00010000-\U0010FFFF]', U&'\E000\\&', 'g') ELSE t END
      $$;
      -- A relation's or a component's entries, in order, as [].concat(value ?? []) makes them: an
      -- array's, nothing for null, else the value itself.
      CREATE FUNCTION folio_entries(v json) RETURNS TABLE (entry json, n bigint) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT e, n FROM json_array_elements(CASE coalesce(json_typeof(v), 'null') WHEN 'array' THEN v WHEN 'null' THEN '[]' ELSE json_build_array(v) END) WITH ORDINALITY AS x (e, n)
      $$;
      -- a === b of two parsed JSON values (an inverse side to a table holds a row's id).
      CREATE FUNCTION folio_same(a json, b json) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      BEGIN
        RETURN json_typeof(a) = json_typeof(b) AND CASE json_typeof(a) WHEN 'string' THEN (a #>> '{}') = (b #>> '{}')
          WHEN 'number' THEN folio_float(a::text, false) = folio_float(b::text, false) WHEN 'boolean' THEN a::text = b::text WHEN 'null' THEN true ELSE false END;
      END $$;
      -- Whether an owner's relation value points at the document id (an inverse side, mappedBy):
      -- an array that holds it, or the value itself.
      CREATE FUNCTION folio_refers(v json, id text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      BEGIN
        RETURN CASE json_typeof(v) WHEN 'string' THEN (v #>> '{}') = id
          WHEN 'array' THEN EXISTS (SELECT FROM folio_entries(v) AS e WHERE json_typeof(e.entry) = 'string' AND (e.entry #>> '{}') = id) ELSE false END;
      END $$;
      -- The id of a table's row (a user, a role, a file) a relation names: a number, an integer.
      CREATE FUNCTION folio_row_id(v json) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE WHEN f = trunc(f) AND abs(f) <= 2147483647 THEN f::integer END
        FROM (SELECT CASE WHEN json_typeof(v) = 'number' THEN folio_float(v::text, true) END AS f) AS x
      $$;
      -- _q in a blocks value: a lower-cased "text" string holding the needle, 64 levels deep at most.
      CREATE FUNCTION folio_blocks_contain(v json, needle text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        WITH RECURSIVE walk (node, depth) AS (
          SELECT v::jsonb, 0 WHERE json_typeof(v) IN ('object', 'array')
          UNION ALL
          SELECT child, depth + 1 FROM walk, LATERAL (
            SELECT value FROM jsonb_array_elements(CASE WHEN jsonb_typeof(node) = 'array' THEN node END)
            UNION ALL SELECT value FROM jsonb_each(CASE WHEN jsonb_typeof(node) = 'object' THEN node END)
          ) AS children (child)
          WHERE depth < 64 AND jsonb_typeof(child) IN ('object', 'array')
        )
        SELECT EXISTS (SELECT FROM walk WHERE jsonb_typeof(node -> 'text') = 'string' AND strpos(folio_lower(node ->> 'text'), needle) > 0)
      $$;
      -- _q in one field: a string lower-cased, or a number's text, holding the needle.
      CREATE FUNCTION folio_search_hit(v json, needle text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      BEGIN
        RETURN CASE json_typeof(v) WHEN 'string' THEN strpos(folio_lower(v #>> '{}'), needle) > 0
          WHEN 'number' THEN strpos(folio_js_number(folio_float(v::text, false)), needle) > 0 ELSE false END;
      END $$;
      -- A version's id, the order versions were created in: a list without sort reads a type's
      -- versions of one status and locale in that order, a page at a time, and the index hands
      -- them out so (an id that is no number of at most 100 characters and a 3-digit exponent is NULL).
      CREATE FUNCTION folio_id(data json) RETURNS numeric LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE id json := data -> 'id';
      BEGIN
        RETURN CASE WHEN json_typeof(id) = 'number' AND length(id::text) <= 100 AND id::text ~ '^[^eE]*$|[eE][+-]?[0-9]{1,3}$' THEN id::text::numeric END;
      END $$;
      CREATE INDEX folio_documents_in_order ON folio_documents (type, status, locale, folio_id(data), document_id);`;
