package mcp

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"testing"
)

// dialedTo is where the oracle transport stops, naming the address net/http
// would have connected to.
type dialedTo struct{ addr string }

func (d *dialedTo) Error() string { return "dialed " + d.addr }

// dialAddress is the host:port net/http connects to for u (its own
// canonical form: IDNA-mapped host, default port), "" when it would not
// send a request to u at all.
func dialAddress(u *url.URL) string {
	tr := &http.Transport{DialContext: func(_ context.Context, _, addr string) (net.Conn, error) {
		return nil, &dialedTo{addr}
	}}
	req, err := http.NewRequest("GET", u.String(), nil)
	if err != nil {
		return ""
	}
	_, err = tr.RoundTrip(req)
	var d *dialedTo
	if !errors.As(err, &d) {
		return ""
	}
	// DNS names are case-blind in ASCII: LOCALHOST is localhost. A port
	// is dialed as the number it spells: 08811 is 8811.
	host, port, err := net.SplitHostPort(d.addr)
	if n, perr := strconv.ParseUint(port, 10, 16); err == nil && perr == nil {
		port = strconv.FormatUint(n, 10)
	}
	return u.Scheme + "://" + lowerASCII(net.JoinHostPort(host, port))
}

// FuzzOriginCheck: a URL a server points at (an endpoint event, a redirect)
// passes the origin check only if net/http would send its request to the
// same server as the URL the user named: same scheme, same address dialed.
// Otherwise the user's credentials would go to a server they never named.
func FuzzOriginCheck(f *testing.F) {
	for _, s := range []struct{ home, target string }{
		{"http://127.0.0.1:8811/sse", "http://127.0.0.1:8811/message?sessionId=1"},
		{"http://localhost/sse", "http://LOCALHOST:80/x"},
		{"http://kelvin.example/sse", "http://\u212aelvin.example/x"},
		{"http://localhost:8811/sse", "http://ｌｏｃａｌｈｏｓｔ:8811/x"},
		{"http://localhost:8811/sse", "http://localhost.:8811/x"},
		{"http://localhost:8811/sse", "http://localhost:08811/x"},
		{"http://127.0.0.1:8811/sse", "http://127.0.0.1:8811@evil.example/x"},
		{"http://[::1]:8811/sse", "http://[::1%25lo]:8811/x"},
		{"http://127.0.0.1/sse", "http://127.1/x"},
		{"https://h.example/sse", "http://h.example:443/x"},
		{"http://h.example:/sse", "http://h.example/x"},
		{"http://xn--bcher-kva.example/sse", "http://bücher.example/x"},
		{"http://I.example/sse", "http://\u0130.example/x"},
	} {
		f.Add(s.home, s.target)
	}
	f.Fuzz(func(t *testing.T, home, target string) {
		hu, err := TargetURL(home)
		if err != nil {
			return
		}
		tu, err := url.Parse(target)
		if err != nil {
			return
		}
		o, err := newOrigins(hu, nil)
		if err != nil {
			t.Fatal(err)
		}
		if o.check(tu, "the endpoint event", CauseBadEndpoint) != nil {
			return
		}
		want, got := dialAddress(hu), dialAddress(tu)
		if got != "" && got != want {
			t.Fatalf("the origin check let %q through from a session at %q: net/http sends it to %s, not %s", target, home, got, want)
		}
	})
}
