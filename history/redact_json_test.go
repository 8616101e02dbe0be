package history

import (
	"encoding/json"
	"testing"
)

// A secret's spelling in JSON text is replaced within a string, or as a
// whole value, and never across a string's quote: the text stays JSON.
func TestTokenReplaceKeepsJSON(t *testing.T) {
	for _, c := range []struct{ secret, in, want string }{
		{`"quoted-secret"`, `{"m":"quoted-secret"}`, `{"m":"[redacted]"}`},
		{`"quoted-secret"`, `{"m":"say \"quoted-secret\" now"}`, `{"m":"say [redacted] now"}`},
		{`ab"cd\efgh12`, `{"m":"x ab\"cd\\efgh12 y"}`, `{"m":"x [redacted] y"}`},
		{`ab","cd`, `{"a":"ab","cd":1}`, `{"a":"ab","cd":1}`},
		{`12345678`, `{"n":12345678,"s":"a12345678b"}`, `{"n":"[redacted]","s":"a[redacted]b"}`},
		{`12345678`, `{"n":1234567890,"m":[-0.12345678]}`, `{"n":"[redacted]","m":["[redacted]"]}`},
		{`12345678`, "event: message\ndata: {\"n\":12345678}\n\n", "event: message\ndata: {\"n\":\"[redacted]\"}\n\n"},
	} {
		got := newToken(c.secret, Redacted).replace(c.in)
		if got != c.want {
			t.Errorf("replace %q in %q = %q, want %q", c.secret, c.in, got, c.want)
		}
		if json.Valid([]byte(c.in)) && !json.Valid([]byte(got)) {
			t.Errorf("replace %q in %q = %q, no JSON", c.secret, c.in, got)
		}
	}
}
