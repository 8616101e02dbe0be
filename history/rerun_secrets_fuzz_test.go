package history

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// echoSpellings are the ways a server's JSON encoder writes a string it
// echoes: Go's (\u0026 for & < >), one that escapes nothing it need not
// (JavaScript, Python's ensure_ascii=False), and PHP's (\/ for /).
func echoSpellings(s string) []string {
	goStyle, _ := json.Marshal(s)
	var plain bytes.Buffer
	enc := json.NewEncoder(&plain)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return []string{string(goStyle), strings.TrimSpace(plain.String()), strings.ReplaceAll(string(goStyle), "/", `\/`)}
}

// FuzzRerunRedacting: a live answer that echoes the user's token or the
// URL's password, in any spelling a JSON encoder chooses and next to each
// other, is compared and reported by replay --against with neither left
// in it in any of those spellings.
func FuzzRerunRedacting(f *testing.F) {
	for _, s := range []struct{ bearer, pass, around string }{
		{"tok-12345678", "s3cr3t-pass", "you said: "},
		{"a&b<c>d/e+f=", "p/q+r==&<>", `"\`},
		{"abcdefgh", "abcdefghij", "abcdefgh"},
		{"ünïcödé-token", "\u2028line-sep", "\x00"},
		{"12345678", "1234567890", "123"},
	} {
		f.Add(s.bearer, s.pass, s.around)
	}
	f.Fuzz(func(t *testing.T, bearer, pass, around string) {
		userURL := "http://ann:" + pass + "@" + fuzzHost + "/mcp"
		u, err := mcp.TargetURL(userURL)
		if err != nil || u.User == nil || u.Host != fuzzHost {
			return // mcpscope would not connect to it
		}
		password, _ := u.User.Password()
		r := newRedactor(RecordOptions{Tokens: []string{bearer}}, userURL)
		var items []string
		for _, secret := range []string{bearer, password, bearer + password, password + bearer, around + bearer + around} {
			items = append(items, echoSpellings(secret)...)
		}
		live := `{"jsonrpc":"2.0","id":1,"result":{"echo":[` + strings.Join(items, ",") + `]}}`
		if !json.Valid([]byte(live)) {
			t.Fatalf("built an invalid answer: %s", live)
		}
		_, got := r.views(nil, &mcp.Response{Raw: mcp.Raw(live)})
		var strs []string
		isJSON := collectStrings(string(got.Raw), &strs)
		innocent := Redacted + "\x00" + redactedPassword + "\x00" + around
		for _, secret := range []string{bearer, password} {
			if len(secret) < minToken || strings.Contains(innocent, secret) {
				continue
			}
			if !isJSON {
				// A secret holding a quote replaced across a string's
				// end leaves no JSON: searched in the raw text, in every
				// spelling.
				for _, spelt := range echoSpellings(secret) {
					if spelt = spelt[1 : len(spelt)-1]; strings.Contains(string(got.Raw), spelt) {
						t.Fatalf("secret %q survives as %q\nlive: %s\nredacted: %s", secret, spelt, live, got.Raw)
					}
				}
				continue
			}
			// Judged as a reader gets the strings back, whatever their
			// spelling: a secret's digits after an escape's ("\u00000000"
			// for 00000000) are no secret, and replacing them left
			// "\u[redacted]", no JSON. Bytes that are no UTF-8 read as
			// U+FFFD.
			var read string
			b, _ := json.Marshal(secret)
			json.Unmarshal(b, &read)
			for _, s := range strs {
				if strings.Contains(s, read) {
					t.Fatalf("secret %q survives in %q\nlive: %s\nredacted: %s", secret, s, live, got.Raw)
				}
			}
		}
	})
}

// collectStrings appends every string of the JSON text raw to out, and
// reports whether raw is JSON.
func collectStrings(raw string, out *[]string) bool {
	var v any
	if json.Unmarshal([]byte(raw), &v) != nil {
		return false
	}
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			*out = append(*out, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				*out = append(*out, k)
				walk(e)
			}
		}
	}
	walk(v)
	return true
}
