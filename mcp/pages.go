package mcp

import (
	"context"
	"encoding/json"
	"fmt"
)

// ListPages asks for a paged list (resources/list, resources/templates/list,
// prompts/list, or any method paged by nextCursor) starting at cursor ("" for
// the first page) and, when all is set, follows nextCursor to the last page.
// It returns every page's answer in order. The same bounds as tools/list
// stop a server whose cursor never ends or whose pages never stop growing;
// the pages read so far come back with the error.
func (s *Session) ListPages(ctx context.Context, method, cursor string, all bool) ([]*Response, error) {
	var pages []*Response
	size := 0
	for page := 0; ; page++ {
		if page == maxToolPages {
			return pages, &WireError{Cause: CauseLimit, Message: fmt.Sprintf("%s: stopped after %d pages: the server's nextCursor never ends", method, maxToolPages)}
		}
		if size > maxToolBytes {
			return pages, &WireError{Cause: CauseLimit, Message: fmt.Sprintf("%s: stopped after %d pages holding %d bytes, past the %d-byte bound", method, page, size, maxToolBytes)}
		}
		var params json.RawMessage
		if cursor != "" {
			params, _ = json.Marshal(map[string]string{"cursor": cursor})
		}
		resp, err := s.Request(ctx, method, params)
		if resp != nil {
			pages = append(pages, resp)
		}
		if err != nil {
			return pages, err
		}
		if resp.Error != nil {
			return pages, resp.Error
		}
		size += len(resp.Raw)
		var p struct {
			NextCursor string `json:"nextCursor"`
		}
		_ = json.Unmarshal(resp.Result, &p)
		if !all || p.NextCursor == "" {
			return pages, nil
		}
		cursor = p.NextCursor
	}
}
