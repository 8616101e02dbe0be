package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A request's Failure, a sentence (a 500 page quoted in it), wraps between
// words in Detail as the advice under it does: it was cut at the border
// mid-word ("Erro" / "r</h1>", "complete y" / "our request").
func TestDetailFailureWrapsBetweenWords(t *testing.T) {
	const msg = "POST http://127.0.0.1:9901/mcp answered 500 Internal Server Error: <html><head><title>500 Internal Server Error</title></head>" +
		"<body><h1>Internal Server Error</h1><p>The server encountered an internal error and was unable to complete your request."
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	req := s.request("7", "tools/list", "", `{}`)
	s.post(req, 500, "")
	s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpPost, Message: msg, ReqSeq: req, Conn: 1,
		Cause: mcp.CauseStatus, Status: 500}})
	m := newTestModel(t, 80, 24, nil, s.recs)
	press(m, "end", "enter")
	lines := m.detail.lines()
	var failure []string
	for i, l := range lines {
		if strings.Contains(ansi.Strip(l), "── Failure") {
			for _, f := range lines[i+1:] {
				if p := ansi.Strip(f); p != "" && !strings.HasPrefix(p, "→") {
					failure = append(failure, p)
					continue
				}
				break
			}
			break
		}
	}
	if strings.Join(strings.Fields(strings.Join(failure, " ")), " ") != msg {
		t.Fatalf("the Failure section does not read the message whole:\n%s", strings.Join(failure, "\n"))
	}
	for _, w := range strings.Fields(msg) {
		if ansi.StringWidth(w) > m.detail.w-2 {
			continue // a word wider than the pane is broken where it must be
		}
		found := false
		for _, l := range failure {
			found = found || strings.Contains(" "+l+" ", " "+w+" ")
		}
		if !found {
			t.Errorf("the word %q is cut across rows:\n%s", w, strings.Join(failure, "\n"))
		}
	}
}

// A probe's Detail title says its state once, after one separator: "· id 7
// · ✗ probe 500" for a probe answered 500, "· id 7 · probe 404" (not
// "· · probe") for one refused as not this transport.
func TestDetailProbeTitleHasOneSeparator(t *testing.T) {
	s := newScript()
	s.negotiate("/sse?sessionid=ABC123")
	req := s.request("7", "server/discover", "", `{}`)
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeProbe, Method: "POST", URL: fixtureBase, Status: 500, ReqSeq: req, Conn: 1}})
	s.add(mcp.Record{Kind: mcp.KindError, Error: &mcp.ErrorInfo{Op: mcp.OpProbe, Message: "POST answered 500", ReqSeq: req, Conn: 1, Cause: mcp.CauseStatus, Status: 500}})
	req = s.request("8", "initialize", "", `{}`)
	s.add(mcp.Record{Kind: mcp.KindHTTP, HTTP: &mcp.HTTPExchange{Purpose: mcp.PurposeProbe, Method: "POST", URL: fixtureBase, Status: 404, ReqSeq: req, Conn: 1}})
	m := newTestModel(t, 80, 24, nil, s.recs)
	for _, tc := range []struct{ keys, want string }{{"up", "· id 7 · ✗ probe 500"}, {"end", "· id 8 · probe 404"}} {
		press(m, "esc", tc.keys, "enter")
		head := ansi.Strip(m.detail.lines()[0])
		if !strings.HasSuffix(head, tc.want) || strings.Contains(head, "· · probe") {
			t.Errorf("the probe's Detail title = %q, want it to end %q", head, tc.want)
		}
	}
}
