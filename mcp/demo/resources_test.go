package demo

import (
	"bytes"
	"encoding/json"
	"errors"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestErasListResourcesAndTemplates(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		cs := e.connect(t, ts.URL, nil)
		res, err := cs.ListResources(ctxT(t), nil)
		if err != nil {
			t.Fatalf("resources/list: %v", err)
		}
		var uris []string
		for _, r := range res.Resources {
			uris = append(uris, r.URI+" "+r.MIMEType)
		}
		slices.Sort(uris)
		if want := []string{"demo://clock text/plain", "demo://logo.png image/png", "demo://readme text/markdown"}; !slices.Equal(uris, want) {
			t.Errorf("resources/list = %q, want %q", uris, want)
		}
		tres, err := cs.ListResourceTemplates(ctxT(t), nil)
		if err != nil {
			t.Fatalf("resources/templates/list: %v", err)
		}
		var templates []string
		for _, r := range tres.ResourceTemplates {
			templates = append(templates, r.URITemplate)
		}
		slices.Sort(templates)
		if want := []string{"notes://{tag}", "repo://{owner}/{name}"}; !slices.Equal(templates, want) {
			t.Errorf("resources/templates/list = %q, want %q", templates, want)
		}
	})
}

func TestErasReadResources(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		cs := e.connect(t, ts.URL, nil)
		read := func(uri string) *mcp.ResourceContents {
			t.Helper()
			res, err := cs.ReadResource(ctxT(t), &mcp.ReadResourceParams{URI: uri})
			if err != nil {
				t.Fatalf("resources/read %s: %v", uri, err)
			}
			if len(res.Contents) != 1 || res.Contents[0].URI != uri {
				t.Fatalf("resources/read %s = %+v, want one content for that URI", uri, res.Contents)
			}
			return res.Contents[0]
		}

		if c := read(readmeURI); c.MIMEType != "text/markdown" || !strings.HasPrefix(c.Text, "# mcpscope demo gateway") {
			t.Errorf("readme = %s %q, want the Markdown text", c.MIMEType, c.Text)
		}

		logo := read(logoURI)
		img, err := png.Decode(bytes.NewReader(logo.Blob))
		if err != nil || logo.MIMEType != "image/png" || logo.Text != "" {
			t.Fatalf("logo = %s, %d blob bytes, text %q: want a PNG blob (decoding: %v)", logo.MIMEType, len(logo.Blob), logo.Text, err)
		}
		if b := img.Bounds(); b.Dx() != 16 || b.Dy() != 16 {
			t.Errorf("logo is %dx%d, want 16x16", b.Dx(), b.Dy())
		}

		if got, want := read("notes://sse").Text, "2024-01-15  Why the endpoint event is not JSON\n2024-09-30  Retro notes: flaky SSE reconnects\n"; got != want {
			t.Errorf("notes://sse = %q, want %q", got, want)
		}

		var r repo
		if err := json.Unmarshal([]byte(read("repo://modelcontextprotocol/go-sdk").Text), &r); err != nil || r.Language != "Go" || r.Name != "go-sdk" {
			t.Errorf("repo://modelcontextprotocol/go-sdk = %+v (%v), want the go-sdk entry", r, err)
		}

		for _, tt := range []struct{ uri, want string }{
			{"notes://cooking", "the tags are gateway, home, mcp"},
			{"repo://nobody/nothing", "no repository nobody/nothing"},
			{"demo://nothing", "resources/list"},
		} {
			_, err := cs.ReadResource(ctxT(t), &mcp.ReadResourceParams{URI: tt.uri})
			var werr *jsonrpc.Error
			if !errors.As(err, &werr) || werr.Code != jsonrpc.CodeInvalidParams {
				t.Errorf("resources/read %s = %v, want a -32602 error", tt.uri, err)
				continue
			}
			// Unknown URIs never reach the demo's handlers: the SDK refuses
			// them with its own words.
			if tt.uri != "demo://nothing" && !strings.Contains(werr.Message, tt.want) {
				t.Errorf("resources/read %s error = %q, want it to say %q", tt.uri, werr.Message, tt.want)
			}
		}
	})
}
