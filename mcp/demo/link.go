package demo

import (
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// linkKey names link_account's one input request.
const linkKey = "link"

func (g *gateway) addLinkAccount() {
	mcp.AddTool(g.server, &mcp.Tool{
		Name:  "link_account",
		Title: "Link an account through a web page",
		Description: "Asks the user to open a page of this gateway (elicitation/create, URL mode) to link an account. " +
			"Visiting the page completes the link; on the 2025 eras the server then sends notifications/elicitation/complete.",
		Annotations: &mcp.ToolAnnotations{},
		InputSchema: schema(`{
			"type": "object",
			"properties": {
				"service": {"type": "string", "default": "demo-cloud", "description": "The account to link, e.g. demo-cloud."}
			},
			"additionalProperties": false
		}`),
	}, g.linkAccount)
}

type linkArgs struct {
	Service string `json:"service"`
}

func (g *gateway) linkAccount(ctx context.Context, req *mcp.CallToolRequest, in linkArgs) (*mcp.CallToolResult, any, error) {
	caps := clientCaps(req)
	canURL := caps.Elicitation != nil && caps.Elicitation.URL != nil
	if err := needCapability(req, canURL, "elicitation (url)", `{"elicitation":{"url":{}}}`); err != nil {
		return nil, nil, err
	}
	resp, id, second, err := g.answers(req, in)
	if err != nil {
		return nil, nil, err
	}
	if !second {
		base := baseURL(ctx)
		if base == "" {
			return nil, nil, fmt.Errorf("link_account: the gateway does not know its own address, so it has no page to send the user to")
		}
		id = rand.Text()
		link := pendingLink{service: in.Service, created: time.Now()}
		if req.ProtocolVersion() < protocol2026 {
			// A 2026 request's session ends with the request: there is no one
			// to tell when the page is visited.
			link.session = req.Session
		}
		g.h.links.add(id, link)
		res, err := g.ask(req, in, id, mcp.InputRequestMap{linkKey: &mcp.ElicitParams{
			Mode:          "url",
			Message:       fmt.Sprintf("Open this page to link your %s account to the mcpscope demo.", in.Service),
			URL:           base + LinkPath + "?" + url.Values{"id": {id}}.Encode(),
			ElicitationID: id,
		}})
		return res, nil, err
	}
	got, err := answer[*mcp.ElicitResult](resp, linkKey, "an elicitation result (action)")
	if err != nil {
		return nil, nil, err
	}
	switch got.Action {
	case "accept":
		how := "the server then sends notifications/elicitation/complete"
		if req.ProtocolVersion() >= protocol2026 {
			how = "2026-07-28 has no stream to send notifications/elicitation/complete on"
		}
		return textResult(fmt.Sprintf("accepted: opening the page (elicitation %s) links %s; %s", id, in.Service, how)), nil, nil
	case "decline", "cancel":
		g.h.links.take(id)
		return textResult(fmt.Sprintf("%sd: %s was not linked", got.Action, in.Service)), nil, nil
	default:
		return nil, nil, invalidParams(fmt.Sprintf("elicitation action %q is none of accept, decline, cancel", got.Action))
	}
}

// maxPendingLinks bounds the links waiting for their page to be visited; the
// oldest goes first.
const maxPendingLinks = 64

// pendingLink is a link_account request whose page has not been visited.
type pendingLink struct {
	service string
	session *mcp.ServerSession // nil for 2026 requests
	created time.Time
}

// pendingLinks maps elicitation ids to the links waiting for their page.
type pendingLinks struct {
	mu    sync.Mutex
	links map[string]pendingLink
	order []string // ids, oldest first
}

func newPendingLinks() *pendingLinks { return &pendingLinks{links: map[string]pendingLink{}} }

func (p *pendingLinks) add(id string, l pendingLink) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.order) > 0 {
		oldest := p.order[0]
		if len(p.order) < maxPendingLinks && time.Since(p.links[oldest].created) < stateTTL {
			break
		}
		delete(p.links, oldest)
		p.order = p.order[1:]
	}
	p.links[id] = l
	p.order = append(p.order, id)
}

func (p *pendingLinks) take(id string) (pendingLink, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	l, ok := p.links[id]
	if ok {
		delete(p.links, id)
		p.order = slices.DeleteFunc(p.order, func(o string) bool { return o == id })
	}
	return l, ok
}

// serve is the page a URL-mode elicitation sends the user to.
func (p *pendingLinks) serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	id := r.URL.Query().Get("id")
	l, ok := p.take(id)
	if !ok {
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, "No link_account request is waiting with id %q: it was used already, it expired, or it never existed.\nCall link_account again for a new page.\n", id)
		return
	}
	note := "Go back to your MCP client."
	if l.session != nil {
		err := l.session.NotifyElicitationComplete(r.Context(), &mcp.ElicitationCompleteParams{ElicitationID: id})
		if err != nil {
			note = fmt.Sprintf("The session that asked is gone, so it was not told (%v).", err)
		} else {
			note = "The server sent notifications/elicitation/complete to the session that asked; go back to your MCP client."
		}
	}
	fmt.Fprintf(w, "Linked your %s account to the mcpscope demo.\n%s\n", l.service, note)
}
