import 'reflect-metadata';
import { HideTool, Param, Tool, Toolkit, toolsOf, UseGuardrails, defineToolInputGuardrail, GuardrailOutcome } from '@toolwright/core';
import type { Tool as ToolObject, ToolContext } from '@toolwright/core';

const ctx = {} as ToolContext;
const byName = (tools: ToolObject[]) => Object.fromEntries(tools.map((t) => [t.name, t]));

@Toolkit({ prefix: 'fs_' })
class FileTools {
  @Tool({ description: 'Read a file.' })
  readFile(@Param('path') path: string) {
    return `read ${path}`;
  }

  @Tool({ description: 'Delete a file.' })
  deleteFile(@Param('path') path: string) {
    return `deleted ${path}`;
  }
}

describe('toolsOf with inheritance', () => {
  it('collects inherited tools and re-targets them to the concrete class', async () => {
    class MoreFiles extends FileTools {
      @Tool({ description: 'List files.' })
      listFiles(@Param('dir') dir: string) {
        return `list ${dir}`;
      }
    }
    const tools = byName(toolsOf(new MoreFiles()));
    expect(Object.keys(tools).sort()).toEqual(['fs_delete_file', 'fs_list_files', 'fs_read_file']);
    expect(tools.fs_read_file.source).toBe('MoreFiles.readFile');
    expect(await tools.fs_read_file.invoke(ctx, { path: 'a' })).toBe('read a');
  });

  it('keeps the definition of an undecorated override and runs the override', async () => {
    class AuditedFiles extends FileTools {
      override readFile(path: string) {
        return `audited ${super.readFile(path)}`;
      }
    }
    const tool = byName(toolsOf(new AuditedFiles())).fs_read_file;
    expect(tool.description).toBe('Read a file.');
    expect(tool.parameters.required).toEqual(['path']);
    expect(await tool.invoke(ctx, { path: 'a' })).toBe('audited read a');
  });

  it('replaces the definition whole with a re-decorated override', async () => {
    const guard = defineToolInputGuardrail({ name: 'g', check: () => GuardrailOutcome.allow() });
    class Base {
      @UseGuardrails(guard)
      @Tool({ description: 'Old.', timeoutMs: 5 })
      find(@Param('q') q: string) {
        return `old ${q}`;
      }
    }
    class Derived extends Base {
      @Tool({ name: 'search', description: 'New.' })
      override find(@Param('query') query: string) {
        return `new ${query}`;
      }
    }
    const tools = toolsOf(new Derived());
    expect(tools.map((t) => t.name)).toEqual(['search']);
    const [tool] = tools;
    expect(tool).toMatchObject({ description: 'New.', inputGuardrails: [] });
    expect(tool.timeoutMs).toBeUndefined();
    expect(Object.keys(tool.parameters.properties as object)).toEqual(['query']);
    expect(await tool.invoke(ctx, { query: 'x' })).toBe('new x');
    expect(toolsOf(new Base())[0].inputGuardrails).toEqual([guard]);
  });

  it('works with an abstract base toolkit', async () => {
    @Toolkit({ prefix: 'repo_' })
    abstract class Repository {
      protected abstract read(id: string): string;

      @Tool({ description: 'Get a record.' })
      get(@Param('id') id: string) {
        return this.read(id);
      }
    }
    class Users extends Repository {
      protected read(id: string) {
        return `user ${id}`;
      }
    }
    const [tool] = toolsOf(new Users());
    expect(tool.name).toBe('repo_get');
    expect(tool.source).toBe('Users.get');
    expect(await tool.invoke(ctx, { id: '7' })).toBe('user 7');
  });

  it('drops inherited tools named by @HideTool, by method or tool name', () => {
    @HideTool('deleteFile')
    class ReadOnlyFiles extends FileTools {}
    @HideTool('read_file')
    class WriteOnly extends FileTools {}
    expect(toolsOf(new ReadOnlyFiles()).map((t) => t.name)).toEqual(['fs_read_file']);
    expect(toolsOf(new WriteOnly()).map((t) => t.name)).toEqual(['fs_delete_file']);
    expect(toolsOf(new FileTools()).map((t) => t.name).sort()).toEqual(['fs_delete_file', 'fs_read_file']);
  });

  it('lets a further subclass bring a hidden tool back by declaring it again', () => {
    @HideTool('deleteFile')
    class ReadOnlyFiles extends FileTools {}
    class Restored extends ReadOnlyFiles {
      @Tool({ description: 'Delete, restored.' })
      override deleteFile(@Param('path') path: string) {
        return path;
      }
    }
    expect(toolsOf(new Restored()).map((t) => t.name).sort()).toEqual(['fs_delete_file', 'fs_read_file']);
  });

  it('takes the nearest @Toolkit prefix', () => {
    @Toolkit({ prefix: 'v2_' })
    class V2 extends FileTools {}
    expect(toolsOf(new V2()).map((t) => t.name).sort()).toEqual(['v2_delete_file', 'v2_read_file']);
  });
});
