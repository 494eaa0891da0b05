// The twin of Neg90 with a generated key (IdType.AUTO): the error row gets a new id each time, so a crash between the insert and the delete of the command, and a second move, adds a second error row: finding on the insert.
package com.example.pos90;

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
            errors.insert(errorCommand); // expect: IDEM001 "deleteById() at line 28"
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
    @TableId(value = "id", type = IdType.AUTO)
    private Integer id;
    private Integer commandId;
    private String message;

    ErrorCommand(Command command, String message) {
        this.commandId = command.getId();
        this.message = message;
    }
}
