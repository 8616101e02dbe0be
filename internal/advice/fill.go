package advice

// The fact's own words that fill the table's texts: where nothing
// answered, the server a redirect led to, what an answer's body was, the
// scheme a challenge asks for.

import (
	"net"
	"strings"

	"github.com/mcpscope/mcpscope/internal/localurl"
)

// gatewayWords are the Docker MCP Gateway's words for advice on nothing
// answering at addr, when addr may be the gateway's (mayBeGateway): a
// server started at any other address was told of a gateway it is not.
func gatewayWords(addr string) string {
	if !mayBeGateway(addr) {
		return ""
	}
	return " (the Docker MCP Gateway: docker mcp gateway run; default port 8811)"
}

// mayBeGateway reports whether nothing answering at addr (host:port) may
// be a Docker MCP Gateway not running: its default port 8811, or this
// machine's port 80, which a URL naming no port dials (the gateway's port
// left out: "http://localhost/sse"). An address not known may be it too.
func mayBeGateway(addr string) bool {
	if addr == "" {
		return true
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if port == "8811" {
		return true
	}
	if port != "80" {
		return false
	}
	return localurl.IsLocalHost(host)
}

// redirectedWords name the server that answered after a redirect, at,
// for advice that sends the user to its logs ("" when the URL's answered).
func redirectedWords(at string) string {
	if at == "" {
		return ""
	}
	return " at " + at + " (where a redirect led)"
}

// bodyWords says what an answer of Content-Type ct was, as the one the
// reader took it for: either, when it is not known.
func bodyWords(ct string) string {
	mt, _, _ := strings.Cut(ct, ";")
	switch strings.ToLower(strings.TrimSpace(mt)) {
	case "application/json":
		return "a JSON body"
	case "text/event-stream":
		return "an event stream"
	}
	return "a JSON body or an event stream"
}

// placed are the fact's own words for the placeholders of a text.
type placed struct {
	addr, capability, method, declined, body, gateway, redirected string
}

// fill puts the fact's own words in text's {addr}, {capability},
// {method}, {declined}, {body}, {gateway} and {redirected}, in one pass as
// a strings.Replacer would (a value holding a placeholder stays as it is),
// without building one per call: For runs for every failure a view shows.
func fill(text string, p placed) string {
	if !strings.Contains(text, "{") {
		return text
	}
	holders := [...]struct{ name, value string }{{"{addr}", p.addr}, {"{capability}", p.capability}, {"{method}", p.method},
		{"{declined}", p.declined}, {"{body}", p.body}, {"{gateway}", p.gateway}, {"{redirected}", p.redirected}}
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		text = text[i:]
		found := false
		for _, h := range holders {
			if strings.HasPrefix(text, h.name) {
				b.WriteString(h.value)
				text = text[len(h.name):]
				found = true
				break
			}
		}
		if !found {
			b.WriteByte('{')
			text = text[1:]
		}
	}
}

// authScheme is the scheme a WWW-Authenticate challenge asks for when
// none of its challenges is Bearer (which --bearer answers), else "".
func authScheme(wa string) string {
	if strings.Contains(strings.ToLower(wa), "bearer") {
		return ""
	}
	scheme, _, _ := strings.Cut(strings.TrimSpace(wa), " ")
	scheme, _, _ = strings.Cut(scheme, ",")
	return scheme
}
