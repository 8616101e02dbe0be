package history

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// encodeAs is v as one of the encoders a server may use writes it: Go's
// (escaping & < >), JavaScript's or Python's (escaping neither), PHP's
// (escaping / as well).
func encodeAs(v any, enc uint8) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(enc%3 == 0)
	if err := e.Encode(v); err != nil {
		return ""
	}
	out := strings.TrimSuffix(b.String(), "\n")
	if enc%3 == 2 {
		out = strings.ReplaceAll(out, "/", `\/`)
	}
	return out
}

// jsonTexts are the strings (keys too) and numbers of JSON text as a
// reader gets them back.
func jsonTexts(t *testing.T, doc string) []string {
	d := json.NewDecoder(strings.NewReader(doc))
	d.UseNumber()
	var out []string
	for {
		tok, err := d.Token()
		if err != nil {
			return out
		}
		switch v := tok.(type) {
		case string:
			out = append(out, v)
		case json.Number:
			out = append(out, string(v))
		}
	}
}

// replaceWithin is tok.replace(in), failing the test when it takes longer
// than a user would wait for a recording to be written.
func replaceWithin(t *testing.T, tok token, in string) string {
	done := make(chan string, 1)
	go func() { done <- tok.replace(in) }()
	select {
	case got := <-done:
		return got
	case <-time.After(5 * time.Second):
		t.Fatalf("redacting %q in %d bytes of JSON takes more than 5s:\n%s", tok.secret, len(in), in)
		return ""
	}
}

// FuzzTokenReplaceJSON: a server's answer that echoes a secret, written by
// any common encoder and surrounded by any text, is still JSON once the
// secret is redacted, and no string or number of it holds the secret; and
// any JSON text at all stays JSON, whatever the secret.
func FuzzTokenReplaceJSON(f *testing.F) {
	for _, s := range []struct {
		secret, before, after string
		n                     int64
		enc                   uint8
	}{
		{"quoted-secret", "say ", " now", 1, 0},
		{`"quoted-secret"`, `"`, `"`, 2, 1},
		{`ab"cd\efgh12`, `x \`, ` y`, 3, 2},
		{"12345678", "a", "b", 1234567890, 0},
		{"12345678", "", "", 12345678, 1},
		{"a/b&c<d>e", `\`, "/", -12345678, 2},
		{"\u2028line-sep", "\x00", "\u00e9", 0, 0},
		{`\u0000000`, `\`, `0000`, 0, 1},
		{`ab","cd`, "ab", `","cd`, 0, 0},
	} {
		f.Add(s.secret, s.before, s.after, s.n, s.enc)
	}
	f.Fuzz(func(t *testing.T, secret, before, after string, n int64, enc uint8) {
		if len(secret) < minToken || strings.ContainsRune(secret, 0) || strings.Contains(Redacted, secret) || !utf8.ValidString(secret) {
			// A secret that is no UTF-8 is part of a character only
			// when it ends a string: that is no spelling of it.
			return
		}
		tok := newToken(secret, Redacted)
		doc := encodeAs(map[string]any{
			"m":            before + secret + after,
			"a":            []any{before, secret, after, n},
			before + after: secret,
			secret:         after,
			"n":            n,
		}, enc)
		for _, in := range []string{doc, before, after, secret} {
			if !json.Valid([]byte(in)) {
				continue
			}
			got := replaceWithin(t, tok, in)
			if !json.Valid([]byte(got)) {
				t.Fatalf("redacting %q turned JSON into no JSON:\n in: %s\nout: %s", secret, in, got)
			}
			if in != doc {
				continue
			}
			for _, s := range jsonTexts(t, got) {
				if strings.Contains(strings.ReplaceAll(s, Redacted, "\x00"), secret) {
					t.Fatalf("the secret %q survives in %q\n in: %s\nout: %s", secret, s, in, got)
				}
			}
		}
	})
}
