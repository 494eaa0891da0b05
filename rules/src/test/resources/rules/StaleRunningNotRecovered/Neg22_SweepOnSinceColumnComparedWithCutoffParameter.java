// The claim moves export rows to EXPORTING and stamps exporting_since; the scheduled job first returns EXPORTING rows
// whose exporting_since is older than a cutoff the caller computes (a parameter, not the database clock) to WAITING.
// The time column's name is the project's own (a *_since column): the sweep recovers stale rows; no finding.
package com.example.idem008.neg22;

import java.util.Date;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

@Mapper
interface ExportMapper {
    @Select("SELECT id FROM export_job WHERE status = 'WAITING'")
    List<Long> waiting();

    @Update("UPDATE export_job SET status = 'EXPORTING', exporting_since = NOW() WHERE id = #{id} AND status = 'WAITING'")
    int claim(@Param("id") long id);

    @Update("UPDATE export_job SET status = 'EXPORTED' WHERE id = #{id} AND status = 'EXPORTING'")
    int finish(@Param("id") long id);

    @Update("UPDATE export_job SET status = 'WAITING' WHERE status = 'EXPORTING' AND exporting_since < #{cutoff}")
    int releaseStuck(@Param("cutoff") Date cutoff);
}

public class ExportJob {

    private final ExportMapper mapper;
    private final Uploader uploader;

    public ExportJob(ExportMapper mapper, Uploader uploader) {
        this.mapper = mapper;
        this.uploader = uploader;
    }

    @Scheduled(fixedDelay = 60000)
    public void run() {
        mapper.releaseStuck(new Date(System.currentTimeMillis() - 30 * 60_000L));
        for (Long id : mapper.waiting()) {
            if (mapper.claim(id) != 1) {
                continue;
            }
            uploader.upload(id);
            mapper.finish(id);
        }
    }
}

interface Uploader {
    void upload(long id);
}
