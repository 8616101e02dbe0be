package command

import (
	"encoding/json"
	"testing"
)

// A resource link is summed up with what resources/list would say of the
// resource: its type, its name or title (unless it is the URI's last
// segment) and its description's first line. server-everything's
// get-resource-links printed "[resource link demo://resource/dynamic/blob/1]"
// and left out "Blob Resource 1" and "Resource 1: plaintext resource".
func TestResourceLinkSummary(t *testing.T) {
	for _, tc := range []struct{ block, want string }{
		{`{"type":"resource_link","uri":"demo://resource/dynamic/blob/1","name":"Blob Resource 1","description":"Resource 1: plaintext resource","mimeType":"text/plain"}`,
			"[resource link demo://resource/dynamic/blob/1 (text/plain) Blob Resource 1 — Resource 1: plaintext resource]"},
		{`{"type":"resource_link","uri":"demo://readme","name":"readme"}`, "[resource link demo://readme]"},
		{`{"type":"resource_link","uri":"file:///a/b.go","name":"b.go","title":"The B file","description":"\n  first line\nsecond line"}`,
			"[resource link file:///a/b.go The B file — first line]"},
		// A CR ends a line as a LF does: it is not left for a terminal
		// to obey.
		{`{"type":"resource_link","uri":"file:///a/c.go","name":"c.go","description":"first line\rsecond line"}`,
			"[resource link file:///a/c.go — first line]"},
	} {
		var c Content
		if err := json.Unmarshal([]byte(tc.block), &c); err != nil {
			t.Fatal(err)
		}
		if got := c.Summary(); got != tc.want {
			t.Errorf("Summary of %s = %q, want %q", tc.block, got, tc.want)
		}
	}
}
