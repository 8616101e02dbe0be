package mcp

import (
	"context"
	"encoding/json"
	"fmt"
)

// maxToolPages bounds tools/list pagination against a server whose cursor
// never ends.
const maxToolPages = 100

// Request sends any request and waits for its answer.
func (s *Session) Request(ctx context.Context, method string, params json.RawMessage) (*Response, error) {
	return s.request(ctx, method, "", params)
}

// Initialize runs the handshake: initialize with the newest protocol version
// mcpscope knows, then notifications/initialized once the result is in.
func (s *Session) Initialize(ctx context.Context) (*Response, error) {
	return s.InitializeWith(ctx, nil)
}

// InitializeWith is Initialize with params sent as typed when not nil: a
// debugger must be able to offer another protocol version or odd
// capabilities on purpose.
func (s *Session) InitializeWith(ctx context.Context, params json.RawMessage) (*Response, error) {
	if params == nil {
		params, _ = json.Marshal(map[string]any{
			"protocolVersion": ProtocolVersion,
			"capabilities":    map[string]any{},
			"clientInfo":      map[string]string{"name": s.cfg.ClientName, "version": s.cfg.ClientVersion},
		})
	}
	resp, err := s.request(ctx, "initialize", "", params)
	if err != nil {
		return nil, err
	}
	if resp.Error != nil {
		return resp, resp.Error
	}
	if err := s.Notify(ctx, "notifications/initialized", nil); err != nil {
		return resp, err
	}
	var r struct {
		ProtocolVersion string `json:"protocolVersion"`
		ServerInfo      struct {
			Name    string `json:"name"`
			Version string `json:"version"`
		} `json:"serverInfo"`
	}
	_ = json.Unmarshal(resp.Result, &r)
	s.mu.Lock()
	s.initialized = true
	conn := s.conn
	s.mu.Unlock()
	s.emit(Record{Kind: KindState, State: &StateChange{State: StateInitialized, Conn: conn,
		Detail: fmt.Sprintf("%s %s, protocol %s", r.ServerInfo.Name, r.ServerInfo.Version, r.ProtocolVersion)}})
	return resp, nil
}

// Initialized reports whether the current connection has been initialized.
func (s *Session) Initialized() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.initialized
}

// ListTools asks for the tool list; with all it follows nextCursor to the
// last page. The returned response is the last page's.
func (s *Session) ListTools(ctx context.Context, all bool) ([]Tool, *Response, error) {
	return s.ListToolsFrom(ctx, "", all)
}

// ListToolsFrom is ListTools starting at cursor ("" for the first page).
func (s *Session) ListToolsFrom(ctx context.Context, cursor string, all bool) ([]Tool, *Response, error) {
	var tools []Tool
	var resp *Response
	for page := 0; ; page++ {
		if page == maxToolPages {
			return tools, resp, fmt.Errorf("tools/list: stopped after %d pages: the server's nextCursor never ends", maxToolPages)
		}
		var params json.RawMessage
		if cursor != "" {
			params, _ = json.Marshal(map[string]string{"cursor": cursor})
		}
		var err error
		resp, err = s.request(ctx, "tools/list", "", params)
		if err != nil {
			return tools, resp, err
		}
		if resp.Error != nil {
			return tools, resp, resp.Error
		}
		page, err := ParseTools(resp.Result)
		if err != nil {
			return tools, resp, err
		}
		tools = append(tools, page.Tools...)
		if !all || page.NextCursor == "" {
			break
		}
		cursor = page.NextCursor
	}
	s.mu.Lock()
	s.tools = tools
	s.mu.Unlock()
	return tools, resp, nil
}

// CallTool calls a tool with a JSON object of arguments.
func (s *Session) CallTool(ctx context.Context, name string, args json.RawMessage) (*Response, error) {
	if len(args) == 0 {
		args = json.RawMessage("{}")
	}
	if !json.Valid(args) {
		return nil, fmt.Errorf("arguments for %s are not valid JSON: %s", name, args)
	}
	// Built by hand: json.Marshal would compact and re-escape the arguments,
	// and the user's := values must reach the wire exactly as typed.
	n, _ := json.Marshal(name)
	params := make(json.RawMessage, 0, len(n)+len(args)+24)
	params = append(append(append(append(params, `{"name":`...), n...), `,"arguments":`...), args...)
	params = append(params, '}')
	return s.request(ctx, "tools/call", name, params)
}
