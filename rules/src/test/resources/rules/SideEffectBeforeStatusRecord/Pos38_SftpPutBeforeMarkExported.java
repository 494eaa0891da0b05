// A file pushed to a partner's SFTP server (JSch ChannelSftp.put) before the export row is marked EXPORTED: a restart uploads the same file again: finding on put.
package com.example.pos38;

import com.jcraft.jsch.ChannelSftp;
import java.io.ByteArrayInputStream;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class StatementExportJob {

    private final ChannelSftp sftp;
    private final StatementMapper statements;

    public StatementExportJob(ChannelSftp sftp, StatementMapper statements) {
        this.sftp = sftp;
        this.statements = statements;
    }

    @Scheduled(cron = "0 0 2 * * *")
    public void export() throws Exception {
        for (Statement s : statements.selectReady()) {
            sftp.put(new ByteArrayInputStream(s.getCsv().getBytes()), "/in/" + s.getFileName()); // expect: IDEM001
            statements.markExported(s.getId());
        }
    }
}

@Mapper
interface StatementMapper {

    @Select("SELECT id, file_name, csv FROM statement WHERE status = 'READY'")
    List<Statement> selectReady();

    @Update("UPDATE statement SET status = 'EXPORTED' WHERE id = #{id}")
    int markExported(@Param("id") long id);
}

class Statement {
    private long id;
    private String fileName;
    private String csv;

    public long getId() { return id; }
    public String getFileName() { return fileName; }
    public String getCsv() { return csv; }
}
