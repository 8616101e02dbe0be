package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server/discover result whose supportedVersions is there but is no list
// of versions is said to be so, not said to lack the member: the person
// looking at the server's JSON sees it there.
func TestDiscoverVersionsOfTheWrongShape(t *testing.T) {
	for _, c := range []struct{ versions, want string }{
		{`"2026-07-28"`, "server/discover answered supportedVersions as a string, not a list of version strings"},
		{`{"v":"2026-07-28"}`, "server/discover answered supportedVersions as an object, not a list of version strings"},
		{`[]`, "server/discover answered an empty supportedVersions list"},
		{`[1,null,{"v":"2026-07-28"}]`, "server/discover answered a supportedVersions list with no version string in it"},
		{``, "server/discover answered a result without supportedVersions"},
	} {
		srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
			member := ""
			if c.versions != "" {
				member = `"supportedVersions":` + c.versions + `,`
			}
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{` + member + `"capabilities":{"tools":{}}}}`)
		})
		s := NewSession(Config{URL: srv.URL, Transport: TransportStateless, NoListen: true})
		collect(s)
		err := s.Connect(testCtx(t))
		if CauseOf(err) != CauseNotModern || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("supportedVersions %s: Connect = %v (cause %q), want %q", c.versions, err, CauseOf(err), c.want)
		}
		s.Close()
	}
}
