package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// UsageError is a command line that could not be turned into a message;
// nothing was sent.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

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
	return s.initialize(ctx, nil)
}

// initialize sends params as typed when the user gave any: a debugger must be
// able to offer another protocol version or odd capabilities on purpose.
func (s *Session) initialize(ctx context.Context, params json.RawMessage) (*Response, error) {
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
	return s.listTools(ctx, "", all)
}

func (s *Session) listTools(ctx context.Context, cursor string, all bool) ([]Tool, *Response, error) {
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
		ts, next, err := ParseTools(resp.Result)
		if err != nil {
			return tools, resp, err
		}
		tools = append(tools, ts...)
		if !all || next == "" {
			break
		}
		cursor = next
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
		return nil, &UsageError{fmt.Errorf("arguments for %s are not valid JSON: %s", name, args)}
	}
	// Built by hand: json.Marshal would compact and re-escape the arguments,
	// and the user's := values must reach the wire exactly as typed.
	n, _ := json.Marshal(name)
	params := make(json.RawMessage, 0, len(n)+len(args)+24)
	params = append(append(append(append(params, `{"name":`...), n...), `,"arguments":`...), args...)
	params = append(params, '}')
	return s.request(ctx, "tools/call", name, params)
}

// Do runs one command line as exec and the TUI accept it. Schema warnings
// come back with the answer: they never stop a deliberate send.
func (s *Session) Do(ctx context.Context, c Command) (*Response, []ArgWarning, error) {
	if c.Method == "tools/call" {
		return s.doCall(ctx, c)
	}
	params := c.Params
	if params == nil && len(c.Words) > 0 {
		args, _, err := ParseArgs(c.Words, nil)
		if err != nil {
			return nil, nil, &UsageError{err}
		}
		if params, err = args.MarshalJSON(); err != nil {
			return nil, nil, &UsageError{err}
		}
	}
	switch c.Method {
	case "initialize":
		r, err := s.initialize(ctx, params)
		return r, nil, err
	case "tools/list":
		var p struct {
			Cursor string `json:"cursor"`
		}
		if len(params) > 0 && json.Unmarshal(params, &p) != nil {
			return nil, nil, &UsageError{fmt.Errorf("tools/list takes one cursor, as text: cursor=NEXT_CURSOR")}
		}
		_, r, err := s.listTools(ctx, p.Cursor, c.All)
		return r, nil, err
	}
	if strings.HasPrefix(c.Method, "notifications/") {
		return nil, nil, s.Notify(ctx, c.Method, params)
	}
	r, err := s.Request(ctx, c.Method, params)
	if err == nil && r.Error != nil {
		err = r.Error
	}
	return r, nil, err
}

// doCall coerces key=value words with the tool's schema, listing the tools
// first when none are known yet so types come out right.
func (s *Session) doCall(ctx context.Context, c Command) (*Response, []ArgWarning, error) {
	tools := s.Tools()
	if FindTool(tools, c.Tool) == nil {
		// Not known yet, or added since the last listing (mcp-add, a later
		// page): list once more so the arguments get their types.
		if listed, _, err := s.ListTools(ctx, true); err == nil {
			tools = listed
		}
	}
	var warnings []ArgWarning
	var schema *Schema
	if t := FindTool(tools, c.Tool); t != nil {
		sch, err := ParseSchema(t.InputSchema)
		if err != nil {
			warnings = append(warnings, ArgWarning{Message: "the tool's inputSchema is unreadable (" + err.Error() + "); values are sent as strings"})
		}
		schema = sch
	} else {
		warnings = append(warnings, ArgWarning{Message: fmt.Sprintf("tool %q is not in tools/list (known: %s); sending anyway", c.Tool, toolNames(tools))})
	}
	args, w, err := ParseArgs(c.Words, schema)
	warnings = append(warnings, w...)
	if err != nil {
		return nil, warnings, &UsageError{err}
	}
	// MarshalJSON keeps := values exactly as typed; json.Marshal would
	// compact and re-escape them.
	raw, err := args.MarshalJSON()
	if err != nil {
		return nil, warnings, &UsageError{err}
	}
	r, err := s.CallTool(ctx, c.Tool, raw)
	if err == nil && r.Error != nil {
		err = r.Error
	}
	return r, warnings, err
}

func toolNames(tools []Tool) string {
	if len(tools) == 0 {
		return "none"
	}
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
