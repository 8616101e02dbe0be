package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server/discover result whose _meta holds an entry nested past
// encoding/json's 10,000 levels still names the server beside it: one
// entry a server is free to fill must not hide the others.
func TestDiscoverDeepMetaKeepsServerInfo(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	srv := mcptest.StatelessOnMethod(t, "server/discover", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"supportedVersions":["` + ProtocolModern + `"],"capabilities":{"tools":{}},` +
			`"_meta":{"x.example/deep":` + deep + `,"` + MetaServerInfo + `":{"name":"deep-meta-server","version":"9.9"}}}}`)
	})
	_, rec := connect(t, Config{URL: srv.URL, Transport: TransportStateless, NoListen: true})
	r := rec.waitFor(t, "the initialized state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateInitialized })
	if !strings.Contains(r.State.Detail, "deep-meta-server 9.9") {
		t.Errorf("initialized state says %q, want it to name deep-meta-server 9.9", r.State.Detail)
	}
}

// An initialize answer whose serverInfo holds a member nested past
// encoding/json's 10,000 levels (icons, say) still names the server.
func TestInitializeDeepServerInfoKeepsTheName(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	_, _, rec := dialStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("initialize", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},` +
			`"serverInfo":{"icons":` + deep + `,"name":"deep-info-server","version":"3.1"}}}`)
	})}, Config{})
	r := rec.waitFor(t, "the initialized state", func(r Record) bool { return r.Kind == KindState && r.State.State == StateInitialized })
	if !strings.Contains(r.State.Detail, "deep-info-server 3.1, protocol 2025-11-25") {
		t.Errorf("initialized state says %q, want it to name deep-info-server 3.1, protocol 2025-11-25", r.State.Detail)
	}
}

// A page of resources/list holding a resource nested past encoding/json's
// 10,000 levels still gives its nextCursor: the listing goes on to the
// next page instead of ending there without a word.
func TestListPagesCursorBesideADeepItem(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("resources/list", func(x *mcptest.Exchange) {
		if strings.Contains(string(x.Params), `"p2"`) {
			x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resources":[{"uri":"file:///b","name":"b"}]}}`)
			return
		}
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resources":[{"uri":"file:///a","name":"a","_meta":{"x":` + deep + `}}],"nextCursor":"p2"}}`)
	})}, Config{})
	pages, err := s.ListPages(testCtx(t), "resources/list", Cursor{}, true)
	if err != nil || len(pages) != 2 {
		t.Fatalf("ListPages = %d pages, %v; want 2 pages", len(pages), err)
	}
}
