// A failed command is moved to an error table whose primary key the application assigns (IdType.INPUT) from the command's own id, then deleted: a crash between the two writes and a second move collides on the key instead of adding a second error row, and nothing leaves the database: no finding.
package com.example.neg90;

import com.baomidou.mybatisplus.annotation.IdType;
import com.baomidou.mybatisplus.annotation.TableId;
import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;

public class CommandSweeper {

    private final CommandMapper commands;
    private final ErrorCommandMapper errors;

    public CommandSweeper(CommandMapper commands, ErrorCommandMapper errors) {
        this.commands = commands;
        this.errors = errors;
    }

    @Scheduled(fixedDelay = 5000)
    public void sweep() {
        for (Command command : commands.selectInvalid()) {
            ErrorCommand errorCommand = new ErrorCommand(command, "invalid");
            errors.insert(errorCommand);
            commands.deleteById(command.getId());
        }
    }
}

@Mapper
interface CommandMapper extends BaseMapper<Command> {
    @Select("SELECT id, payload FROM t_command WHERE state = 'INVALID'")
    List<Command> selectInvalid();
}

@Mapper
interface ErrorCommandMapper extends BaseMapper<ErrorCommand> {
}

class Command {
    private Integer id;

    public Integer getId() { return id; }
}

@TableName("t_error_command")
class ErrorCommand {
    @TableId(value = "id", type = IdType.INPUT)
    private Integer id;
    private Integer commandId;
    private String message;

    ErrorCommand(Command command, String message) {
        this.id = command.getId();
        this.message = message;
    }
}
