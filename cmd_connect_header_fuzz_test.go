package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// errDialed is where the oracle transport stops: a request that gets this
// far passed net/http's own checks of its headers.
var errDialed = errors.New("dialed")

// FuzzHeaderFlag: a -H line and a --bearer token are either refused as a
// usage error before anything runs, or become headers net/http really
// sends, with the value the user typed less its surrounding blanks ('Name:'
// with no value is removed, 'Name;' sent empty, as curl's -H). A header
// net/http refuses would fail every request with an error that reads like
// a dead server.
func FuzzHeaderFlag(f *testing.F) {
	for _, s := range []string{
		"X-Team: blue", "Authorization: Bearer t0k3n", "x:", "X-Empty:   ", "X-Empty;", "X-Empty; ", "X-A;b", "nocolon", ": v", " X-A : b ",
		"X(a: b", "X-A: b\x01c", "X-A: a\tb", "X-A: \x7f", "Ü: v", "X-A: ünïcode \xff", "X A: b", "X-A: b\r\nX-B: c", "Authorization: Bearer t0k3n-abcdef\x01", "X-Api-Key: 0123456789abcdef\n", "\"00000000000:00000000000\"", "X(a: ZZZZZZZZZZZZ",
		"!#$%&'*+-.^_`|~: ok",
	} {
		f.Add(s, "")
	}
	for _, b := range []string{"t0k3n-abcdef", "abc\x01def", "abc\x7f", "tab\tinside", "ünïcode", "line\n"} {
		f.Add("X-Team: blue", b)
	}
	oracle := &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) { return nil, errDialed }}
	f.Fuzz(func(t *testing.T, line, bearer string) {
		t.Setenv("MCPSCOPE_TOKEN", "")
		t.Setenv("MCP_GATEWAY_AUTH_TOKEN", "")
		var cf connFlags
		cf.register(&cobra.Command{}) // the flags' defaults
		cf.headers, cf.bearer = []string{line}, bearer
		cfg, err := cf.config("http://127.0.0.1:9600/mcp")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "-H ") && !strings.HasPrefix(err.Error(), "--bearer ") {
				t.Fatalf("-H %q --bearer %q refused with %q, which does not name the flag", line, bearer, err)
			}
			// The refusal is printed and pasted into bug reports: a
			// header's value (an API key) and the token stay out of it.
			// (Long ones only, so a value that is a word of the message
			// or of the header's name, as typed or quoted, is no false
			// alarm; nor is one that the name and its colon hold, as
			// the refusal shows "NAME: …": a value's bytes can be the
			// tail of the name's last rune and the colon.)
			typedName, typed, _ := strings.Cut(line, ":")
			named := []string{typedName + ":", strconv.Quote(typedName), strconv.Quote(typedName + ":")}
			inName := func(s string) bool {
				return slices.ContainsFunc(named, func(n string) bool { return strings.Contains(n, s) })
			}
			// Nor is one the refusal holds whatever the value: its own
			// example ("-H 'X-Team: blue'") typed as a value. The
			// stand-in value is not the secret itself: a value of Z's
			// refused with it shown read as the refusal's own words.
			ownWords := func(secret string) bool {
				fill := "Z"
				if strings.Trim(secret, fill) == "" {
					fill = "Q"
				}
				var other connFlags
				other.register(&cobra.Command{})
				other.headers = []string{typedName + ":" + strings.Repeat(fill, len(typed))}
				other.bearer = strings.Repeat(fill, len(bearer))
				_, err := other.config("http://127.0.0.1:9600/mcp")
				return err != nil && strings.Contains(err.Error(), secret)
			}
			for _, secret := range []string{strings.TrimSpace(typed), bearer} {
				if len(secret) >= 12 && !inName(secret) && strings.Contains(err.Error(), secret) && !ownWords(secret) {
					t.Fatalf("-H %q --bearer %q refused with %q, which holds the credential %q", line, bearer, err, secret)
				}
			}
			return
		}
		if len(cfg.Header) != 1 {
			t.Fatalf("-H %q gave %d headers", line, len(cfg.Header))
		}
		for name, vs := range cfg.Header {
			_, typed, colon := strings.Cut(line, ":")
			switch want := strings.TrimSpace(typed); {
			case colon && want == "":
				// 'Name:' removes the header, as curl's -H does.
				if len(vs) != 0 {
					t.Fatalf("-H %q gave %s: %q, want none (removed)", line, name, vs)
				}
			case len(vs) != 1 || vs[0] != want:
				// 'Name;' (no colon) is curl's empty header: want is "".
				t.Fatalf("-H %q gave %s: %q", line, name, vs)
			}
		}
		req, err := http.NewRequest("GET", "http://127.0.0.1:9600/mcp", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header = cfg.Header
		if cfg.Bearer != "" {
			req.Header.Set("Authorization", "Bearer "+cfg.Bearer) // as the session sends it
		}
		if _, err := oracle.RoundTrip(req); !errors.Is(err, errDialed) {
			t.Fatalf("-H %q --bearer %q were accepted, but net/http refuses to send them: %v", line, bearer, err)
		}
	})
}
