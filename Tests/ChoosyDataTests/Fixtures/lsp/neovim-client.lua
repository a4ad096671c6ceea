-- Drives `choosy-data lsp` from Neovim's built-in LSP client for LSPNeovimTests, as a user
-- would: the Neovim 0.7 config of docs/editors.md ($CHOOSY_EDITORS_DOC), read from the page and
-- run as an init.lua runs, starts the server for the file given on the command line; then the
-- user's commands (vim.lsp.buf.hover, definition, code_action, rename) act on it. Writes what
-- it saw as JSON to $CHOOSY_LSP_RESULT, then quits.
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

-- The documented config, verbatim: the first Lua block after its heading.
local function run_documented_config()
  local page = table.concat(vim.fn.readfile(os.getenv("CHOOSY_EDITORS_DOC")), "\n")
  local heading = assert(page:find("**Neovim 0.7**", 1, true), "docs/editors.md has no Neovim 0.7 config")
  local first = assert(page:find("```lua\n", heading, true), "no Lua block after the Neovim 0.7 heading") + #"```lua\n"
  local last = assert(page:find("\n```", first, true), "the Lua block does not end")
  assert(loadstring(page:sub(first, last), "docs/editors.md"))()
end

-- The buffer's text, whole.
local function text_of(buffer)
  return table.concat(vim.api.nvim_buf_get_lines(buffer, 0, -1, false), "\n")
end

-- The text of the floating window a command opened, and the window; nil while there is none.
local function floating_window()
  for _, window in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(window).relative ~= "" then
      return table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(window), 0, -1, false), "\n"), window
    end
  end
end

local function run()
  local buffer = vim.api.nvim_get_current_buf()
  assert(vim.wait(timeout, function() return next(vim.lsp.buf_get_clients(buffer)) ~= nil end, 20),
    "the documented config started no server for the file")
  local _, client = next(vim.lsp.buf_get_clients(buffer))

  assert(vim.wait(timeout, function() return diagnostic(buffer, "undeclared-parameter") ~= nil end, 20),
    "no undeclared-parameter diagnostic arrived")
  local placeholder = diagnostic(buffer, "undeclared-parameter")
  results.diagnostic = { line = placeholder.lnum, column = placeholder.col, end_column = placeholder.end_col, message = placeholder.message }

  -- K: the hover opens a floating window with the parameter's description.
  local line, column = find(buffer, "{{callback_url}}")
  vim.api.nvim_win_set_cursor(0, { line + 1, column + 3 })
  vim.lsp.buf.hover()
  assert(vim.wait(timeout, function() return floating_window() ~= nil end, 20), "hover opened no window")
  local hover, window = floating_window()
  results.hover = hover
  vim.api.nvim_win_close(window, true)

  -- gd: the cursor jumps to the declaration.
  vim.api.nvim_win_set_cursor(0, { line + 1, column + 3 })
  vim.lsp.buf.definition()
  assert(vim.wait(timeout, function() return vim.api.nvim_win_get_cursor(0)[1] ~= line + 1 end, 20), "definition did not move the cursor")
  results.definition = { uri = vim.uri_from_bufnr(vim.api.nvim_get_current_buf()), line = vim.api.nvim_win_get_cursor(0)[1] - 1 }

  -- The code action menu, answered by picking the quick fix.
  local duplicate = diagnostic(buffer, "duplicate-app-action")
  assert(duplicate, "no duplicate-app-action diagnostic")
  results.code_actions = {}
  vim.ui.select = function(items, _, on_choice)
    local chosen
    for index, item in ipairs(items) do
      local action = item.action or item[2]
      table.insert(results.code_actions, action.title)
      if not chosen and action.title:find("Remove this duplicate", 1, true) then chosen = index end
    end
    on_choice(chosen and items[chosen], chosen)
  end
  vim.api.nvim_win_set_cursor(0, { duplicate.lnum + 1, duplicate.col })
  vim.lsp.buf.code_action()
  local function app_actions() return #vim.fn.json_decode(text_of(buffer))[1].apps[1].actions end
  assert(vim.wait(timeout, function() return app_actions() == 1 end, 20), "the quick fix did not remove the duplicate")
  results.actions_after_fix = app_actions()

  -- Rename, from a placeholder: every place that names the parameter follows; then :wall.
  local rename_line, rename_column = find(buffer, "{{callback_name}}")
  vim.api.nvim_win_set_cursor(0, { rename_line + 1, rename_column + 3 })
  vim.lsp.buf.rename("source_name")
  assert(vim.wait(timeout, function() return not text_of(buffer):find("callback_name", 1, true) end, 20), "rename left callback_name")
  vim.cmd("wall")

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

run_documented_config()

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
