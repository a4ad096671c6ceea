-- Drives `choosy-data lsp` from Neovim's built-in LSP client for LSPNeovimTests, as a user
-- would: the file given on the command line is open, the server attached to it. Writes what it
-- saw as JSON to $CHOOSY_LSP_RESULT, then quits. Works with Neovim 0.7 (Debian bookworm:
-- vim.lsp.start_client and buf_attach_client, no vim.lsp.start) and later.
local binary = os.getenv("CHOOSY_LSP_BINARY")
local result_path = os.getenv("CHOOSY_LSP_RESULT")
-- Milliseconds to wait for an answer: only there to stop a hang (answers take well under a
-- second, a few on a loaded machine), so the Lua error names what never came.
local timeout = 120000
local results = {}

local function write_results()
  local file = assert(io.open(result_path, "w"))
  file:write(vim.fn.json_encode(results))
  file:close()
end

-- The 0-based line and byte column of the first occurrence of `text` in the buffer.
local function find(buffer, text)
  for index, line in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, false)) do
    local column = line:find(text, 1, true)
    if column then return index - 1, column - 1 end
  end
  error("'" .. text .. "' is not in the buffer")
end

-- The LSP diagnostic the server published with rule id `code`, as Neovim keeps it.
local function diagnostic(buffer, code)
  for _, item in ipairs(vim.diagnostic.get(buffer)) do
    local lsp = item.user_data and item.user_data.lsp or {}
    if (item.code or lsp.code) == code then return item, lsp end
  end
end

-- The request's result at the cursor placed on line `line` (0-based), byte `column`.
local function request_at(client, buffer, method, line, column)
  vim.api.nvim_win_set_cursor(0, { line + 1, column })
  local params = vim.lsp.util.make_position_params(0, client.offset_encoding)
  local response = client.request_sync(method, params, timeout, buffer)
  assert(response and not response.err, method .. " failed: " .. vim.inspect(response))
  return response.result
end

local function run()
  local buffer = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({ name = "choosy-data", cmd = { binary, "lsp", "--stdio" }, root_dir = vim.fn.getcwd() })
  assert(client_id, "the language server did not start")
  vim.lsp.buf_attach_client(buffer, client_id)
  local client = vim.lsp.get_client_by_id(client_id)

  assert(vim.wait(timeout, function() return diagnostic(buffer, "undeclared-parameter") ~= nil end, 20),
    "no undeclared-parameter diagnostic arrived")
  local placeholder = diagnostic(buffer, "undeclared-parameter")
  results.diagnostic = { line = placeholder.lnum, column = placeholder.col, end_column = placeholder.end_col, message = placeholder.message }

  local line, column = find(buffer, "{{callback_url}}")
  local hover = request_at(client, buffer, "textDocument/hover", line, column + 3)
  results.hover = hover and hover.contents and hover.contents.value

  local definition = request_at(client, buffer, "textDocument/definition", line, column + 3)
  results.definitions = {}
  for _, location in ipairs(definition or {}) do
    table.insert(results.definitions, { uri = location.uri, line = location.range.start.line })
  end

  local duplicate, lsp = diagnostic(buffer, "duplicate-app-action")
  assert(duplicate, "no duplicate-app-action diagnostic")
  -- As vim.lsp.buf.code_action() asks: at the cursor, placed on the diagnostic.
  vim.api.nvim_win_set_cursor(0, { duplicate.lnum + 1, duplicate.col })
  local params = vim.lsp.util.make_range_params(0, client.offset_encoding)
  params.context = { diagnostics = { lsp } }
  local actions = client.request_sync("textDocument/codeAction", params, timeout, buffer)
  results.code_actions = {}
  for _, action in ipairs(actions.result or {}) do
    table.insert(results.code_actions, action.title)
    if action.kind == "quickfix" and action.title:find("Remove this duplicate", 1, true) then
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
    end
  end
  local tree = vim.fn.json_decode(table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), "\n"))
  results.actions_after_fix = #tree[1].apps[1].actions

  -- Typing `{{` inside a url_format: the edit reaches the server as an incremental change
  -- before the completion request.
  local format_line, closing = find(buffer, "{{ulr}}\"")
  closing = closing + #"{{ulr}}"
  vim.api.nvim_buf_set_text(buffer, format_line, closing, format_line, closing, { "&u={{" })
  local completion = request_at(client, buffer, "textDocument/completion", format_line, closing + #"&u={{")
  results.completion = {}
  for _, item in ipairs(completion and (completion.items or completion) or {}) do
    table.insert(results.completion, item.label)
  end
end

-- The config runs before the file on the command line is loaded: start once it is.
vim.api.nvim_create_autocmd("VimEnter", {
  callback = function()
    local ok, message = pcall(run)
    if not ok then
      results.error = tostring(message)
      results.messages = vim.fn.execute("messages")
    end
    write_results()
    vim.cmd(ok and "qall!" or "cquit!")
  end,
})
