package history

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// fuzzHost is where the fuzzed user URL points.
const fuzzHost = "127.0.0.1:9600"

// decodedStrings is every string value of a JSON line as a reader gets it
// back, base64 payloads decoded: a secret spelt with JSON escapes or in
// base64 is still there.
func decodedStrings(t *testing.T, line []byte) []string {
	var v any
	if err := json.Unmarshal(line, &v); err != nil {
		t.Fatalf("a written line is not JSON (%v): %q", err, line)
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			if b, ok := v["base64"].(string); ok && len(v) == 1 {
				raw, err := base64.StdEncoding.DecodeString(b)
				if err != nil {
					t.Fatalf("bad base64 payload %q", b)
				}
				out = append(out, string(raw))
				return
			}
			for k, e := range v {
				out = append(out, k)
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// FuzzRedactSecrets: the password of the URL the user typed, the token the
// user gave and a token a request carried in Authorization never reach a
// recording or an exec --json line, wherever mcpscope or the server puts
// them: the request's URL and headers, an error message, and a server
// body echoing them.
func FuzzRedactSecrets(f *testing.F) {
	for _, s := range []struct{ user, pass, bearer, learned, echo string }{
		{"ann", "s3cr3t-pass", "tok-12345678", "learned-987654321", "you said: "},
		{"a", "p", "short", "x", ""},
		{"u%40x", "p%3Aw%40rd", "Bearer-like token", "\u202etrojan-token\x00", "\xff\xfe"},
		{"", "only-pass-xyz", "ünïcödé-token", `quote"and\back`, `{"auth":"`},
		{"user:colon", "pass@at", "tok/slash?#1", "tok with spaces", "http://ann:s3cr3t-pass@" + fuzzHost},
		{"ann", "%5Bredacted%5D", "[redacted]", "redacted", "\x1b]52;c;"},
	} {
		f.Add(s.user, s.pass, s.bearer, s.learned, s.echo)
	}
	f.Fuzz(func(t *testing.T, user, pass, bearer, learned, echo string) {
		if strings.ContainsAny(bearer+learned, "\r\n") {
			// No such credential is sent: --bearer and -H refuse CR and
			// LF, and HTTP carries none in a header value a request had.
			return
		}
		userURL := "http://" + user + ":" + pass + "@" + fuzzHost + "/mcp"
		u, err := mcp.TargetURL(userURL)
		if err != nil || u.User == nil || u.Host != fuzzHost {
			return // mcpscope would not connect to it
		}
		password, _ := u.User.Password()
		spelled := user + ":" + pass + "@"
		now := time.Date(2026, 11, 20, 21, 57, 41, 0, time.UTC)
		recs := []mcp.Record{
			{Seq: 1, Time: now, Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{
				Purpose: mcp.PurposeStream, Method: "POST", URL: userURL, Status: 200,
				RequestHeaders: map[string][]string{"Authorization": {"Basic " + learned}, "X-Echo": {bearer}},
				Headers:        map[string][]string{"Set-Cookie": {"sid=" + bearer}, "X-Echo": {learned + " " + userURL}},
				Body:           mcp.Raw(echo + bearer + learned + spelled),
				Err:            "POST " + userURL + " failed",
			}},
			{Seq: 2, Time: now, Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: "in", Class: mcp.ClassResponse, ID: "1",
				Raw: mcp.Raw(`{"jsonrpc":"2.0","id":1,"result":{"text":"` + echo + spelled + bearer + learned + `"}}`)}},
			{Seq: 3, Time: now, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: "send",
				Message: "POST " + userURL + " failed: " + echo, Header: map[string]string{"WWW-Authenticate": learned}}},
			{Seq: 4, Time: now, Kind: mcp.KindEvent, Event: &mcp.SSEEvent{Name: "message", Data: mcp.Raw(echo + learned),
				Raw: mcp.Raw("data: " + echo + learned + "\n\n")}},
		}
		opts := RecordOptions{Tokens: []string{bearer}}

		var lines []byte
		path := recordAs(t, Header{URL: userURL, Started: now}, recs, opts)
		file, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, file...)
		var buf bytes.Buffer
		w := bufio.NewWriter(&buf)
		lw := NewLineWriter(w, opts, userURL)
		for _, r := range recs {
			if err := lw.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		w.Flush()
		lines = append(lines, buf.Bytes()...)

		// What a secret may be part of without being leaked: the words
		// that stand for it, and the parts of the records it did not come
		// from.
		innocent := strings.Join([]string{Redacted, redactedPassword, "[redacted]", fuzzHost, "/mcp", "Basic ", "sid=", user}, "\x00")
		secret := func(s string, min int) bool {
			return len(s) >= min && !strings.Contains(innocent, s) && !strings.Contains(echo, s)
		}
		for _, line := range bytes.Split(bytes.TrimSpace(lines), []byte("\n")) {
			for _, s := range decodedStrings(t, line) {
				switch {
				case pass != "" && pass != redactedPassword && secret(spelled, 1) && strings.Contains(s, spelled):
					t.Fatalf("the URL's credentials %q survive in %q\nline: %s", spelled, s, line)
				case secret(bearer, minToken) && strings.Contains(s, bearer):
					t.Fatalf("the user's token %q survives in %q\nline: %s", bearer, s, line)
				case secret(Credential("Basic "+learned), minToken) && strings.Contains(s, Credential("Basic "+learned)):
					t.Fatalf("the request's credential %q survives in %q\nline: %s", learned, s, line)
				}
				for _, field := range []string{"POST "} {
					// Our own text names the URL: its password is gone
					// however short it is.
					_, after, ok := strings.Cut(s, field)
					if !ok || password == "" {
						continue
					}
					named, _, _ := strings.Cut(after, " failed")
					if nu, err := url.Parse(named); err == nil && nu.User != nil {
						if pw, _ := nu.User.Password(); pw != "" && pw != Redacted && pw == password {
							t.Fatalf("the URL's password %q survives in %q\nline: %s", password, s, line)
						}
					}
				}
			}
		}
	})
}

// A password may hold a single quote; the recording's header, which keeps
// the URL as typed, still hides it however short it is.
func TestRecordingHidesAPasswordWithAQuote(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.jsonl")
	userURL := "http://ann:a'b@" + fuzzHost + "/mcp"
	rec, err := Create(path, Header{URL: userURL}, RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rec.Write(mcp.Record{Seq: 1, Kind: mcp.KindError, Error: &mcp.ErrorInfo{Message: "GET " + userURL + " failed"}})
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte("a'b")) || bytes.Count(b, []byte("ann:"+redactedPassword+"@")) != 2 {
		t.Errorf("the password a'b is not hidden in both lines:\n%s", b)
	}
}
