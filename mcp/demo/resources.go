package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The URIs and templates of the demo's resources.
const (
	readmeURI     = "demo://readme"
	logoURI       = "demo://logo.png"
	notesTemplate = "notes://{tag}"
	repoTemplate  = "repo://{owner}/{name}"
)

// staticTTL is the ttlMs of the resources that never change: a client may
// keep them this long before reading again.
const staticTTL = 60_000

func (g *gateway) addResources() {
	g.server.AddResource(&mcp.Resource{
		URI:         readmeURI,
		Name:        "readme",
		Title:       "About the demo gateway",
		Description: "What the demo gateway offers, in Markdown (a static text resource).",
		MIMEType:    "text/markdown",
		Size:        int64(len(readme)),
	}, readReadme)
	g.server.AddResource(&mcp.Resource{
		URI:         logoURI,
		Name:        "logo",
		Title:       "The demo's logo",
		Description: "A 16x16 PNG image (a binary resource: its contents come as a base64 blob).",
		MIMEType:    "image/png",
	}, readLogo)
	g.addClockResource()
	g.server.AddResourceTemplate(&mcp.ResourceTemplate{
		URITemplate: notesTemplate,
		Name:        "notes-by-tag",
		Title:       "Notes with a tag",
		Description: "The notes of search_notes' notebook that carry a tag, e.g. notes://mcp; completion/complete offers the tags.",
		MIMEType:    "text/plain",
	}, readNotes)
	g.server.AddResourceTemplate(&mcp.ResourceTemplate{
		URITemplate: repoTemplate,
		Name:        "repository",
		Title:       "A repository",
		Description: "A canned description of a repository, e.g. repo://modelcontextprotocol/go-sdk; completion/complete offers owners, then their names.",
		MIMEType:    "application/json",
	}, readRepo)
}

// readme is demo://readme's text.
const readme = `# mcpscope demo gateway

A gateway built into mcpscope, to try every MCP feature against:

- **tools**: greet, convert, search_notes, slow, fail, big, forecast, mcp-find,
  mcp-add, log, sample, confirm, link_account, list_roots, cut_stream
- **resources**: this readme, demo://logo.png (binary), demo://clock
  (subscribe to it: it changes every few seconds), and the templates
  notes://{tag} and repo://{owner}/{name}
- **prompts**: review_code and summarize_notes, whose arguments complete

It speaks legacy HTTP+SSE at /sse, streamable HTTP with sessions at /mcp and
the stateless 2026-07-28 protocol at /stateless.
`

func readReadme(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{
		Cacheable: mcp.Cacheable{TTLMs: staticTTL},
		Contents:  []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/markdown", Text: readme}},
	}, nil
}

// logoPNG draws the logo once: a ring, like a scope's lens.
var logoPNG = sync.OnceValues(func() ([]byte, error) {
	img := image.NewNRGBA(image.Rect(0, 0, 16, 16))
	ink := color.NRGBA{R: 0x3b, G: 0x82, B: 0xf6, A: 0xff}
	for y := range 16 {
		for x := range 16 {
			dx, dy := 2*x-15, 2*y-15 // twice the distance from the centre
			if d := dx*dx + dy*dy; d >= 10*10 && d <= 14*14 {
				img.SetNRGBA(x, y, ink)
			}
		}
	}
	var b bytes.Buffer
	err := png.Encode(&b, img)
	return b.Bytes(), err
})

func readLogo(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	data, err := logoPNG()
	if err != nil {
		return nil, fmt.Errorf("drawing the logo: %w", err)
	}
	return &mcp.ReadResourceResult{
		Cacheable: mcp.Cacheable{TTLMs: staticTTL},
		Contents:  []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "image/png", Blob: data}},
	}, nil
}

// noteTags lists the tags of the notebook, sorted.
func noteTags() []string {
	var tags []string
	for _, n := range notebook {
		tags = append(tags, n.Tags...)
	}
	slices.Sort(tags)
	return slices.Compact(tags)
}

func readNotes(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	tag, err := notesTag(req.Params.URI)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, n := range notebook {
		if slices.Contains(n.Tags, tag) {
			fmt.Fprintf(&b, "%s  %s\n", n.Date, n.Title)
		}
	}
	return &mcp.ReadResourceResult{
		Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: b.String()}},
	}, nil
}

// notesTag returns the tag of a notes:// URI the notebook has.
func notesTag(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "notes" || u.Host == "" || (u.Path != "" && u.Path != "/") {
		return "", notFound(uri, "a notes URI is notes://{tag}, e.g. notes://mcp")
	}
	if !slices.Contains(noteTags(), u.Host) {
		return "", notFound(uri, "no note is tagged "+u.Host+"; the tags are "+strings.Join(noteTags(), ", "))
	}
	return u.Host, nil
}

// repo is an entry of the canned repositories repo:// serves.
type repo struct {
	Owner       string `json:"owner"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Language    string `json:"language"`
}

var repos = []repo{
	{"charmbracelet", "bubbletea", "A framework for terminal user interfaces.", "Go"},
	{"mcpscope", "mcpscope", "An interactive terminal debugger for MCP servers.", "Go"},
	{"modelcontextprotocol", "go-sdk", "The official Go SDK for the Model Context Protocol.", "Go"},
	{"modelcontextprotocol", "specification", "The Model Context Protocol's specification.", "TypeScript"},
	{"modelcontextprotocol", "typescript-sdk", "The official TypeScript SDK for the Model Context Protocol.", "TypeScript"},
	{"tmaxmax", "go-sse", "Server-sent events for Go.", "Go"},
}

func readRepo(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	r, err := findRepo(req.Params.URI)
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return &mcp.ReadResourceResult{
		Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: string(b)}},
	}, nil
}

// findRepo returns the canned repository a repo:// URI names.
func findRepo(uri string) (repo, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "repo" || u.Host == "" || strings.Count(u.Path, "/") != 1 {
		return repo{}, notFound(uri, "a repo URI is repo://{owner}/{name}, e.g. repo://mcpscope/mcpscope")
	}
	owner, name := u.Host, strings.TrimPrefix(u.Path, "/")
	i := slices.IndexFunc(repos, func(r repo) bool { return r.Owner == owner && r.Name == name })
	if i < 0 {
		return repo{}, notFound(uri, "the demo knows no repository "+owner+"/"+name+"; completion/complete offers the ones it knows")
	}
	return repos[i], nil
}

// notFound is the error for a resource the demo does not have: the code
// (-32602) and data of the SDK's ResourceNotFoundError, with a message that
// says why.
func notFound(uri, why string) error {
	data, err := json.Marshal(map[string]string{"uri": uri})
	if err != nil {
		return err
	}
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("resource %s not found: %s", uri, why), Data: data}
}

// checkResourceURI reports whether the gateway serves uri, as a resource or
// through a template.
func (g *gateway) checkResourceURI(uri string) error {
	switch {
	case uri == readmeURI, uri == logoURI, uri == clockURI:
		return nil
	case strings.HasPrefix(uri, "notes:"):
		_, err := notesTag(uri)
		return err
	case strings.HasPrefix(uri, "repo:"):
		_, err := findRepo(uri)
		return err
	}
	return notFound(uri, "resources/list and resources/templates/list show what there is")
}
