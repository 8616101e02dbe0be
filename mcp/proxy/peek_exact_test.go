package proxy

import "testing"

// The proxy reads a client's members by their exact names, as the
// Observer does: a message whose id is spelt "ID" is a notification in the
// recording, and the proxy must not count it a request it waits on (nor
// take "Method" or a "ClientInfo" for the client's own).
func TestPeekReadsMembersByTheirExactNames(t *testing.T) {
	m := peek([]byte(`{"jsonrpc":"2.0","ID":1,"method":"tools/list"}`))
	if m.request || m.requestIDs() != nil {
		t.Errorf(`peek of an "ID" member: request %v, ids %q; want no request (JSON-RPC names are case-sensitive)`, m.request, m.requestIDs())
	}
	m = peek([]byte(`{"jsonrpc":"2.0","id":1,"Method":"tools/list"}`))
	if m.request || m.method != "" {
		t.Errorf(`peek of a "Method" member: request %v, method %q; want none`, m.request, m.method)
	}
	m = peek([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"clientInfo":{"Name":"x","version":"1"}}}`))
	if name, version := m.client(); !m.request || name != "" || version != "1" {
		t.Errorf(`peek of clientInfo {"Name":"x","version":"1"}: request %v, name %q, version %q; want a request, no name, version 1`, m.request, name, version)
	}
	m = peek([]byte(`{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"clientInfo":{"name":"c","version":"2"}}}`))
	if name, version := m.client(); !m.request || m.requestIDs()[0] != `"a"` || name != "c" || version != "2" {
		t.Errorf(`peek of a well-formed initialize: %+v; want request "a" from c 2`, m)
	}
}
