// The job records a processing event per file and attempt (FILE_RECEIVED, DOC_FAILURE, ..): an event table is an
// append-only history, where a row per run is what it is for; no finding.
package com.example.neg14;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class ImportJob {

    private final FileMapper fileMapper;

    public ImportJob(FileMapper fileMapper) {
        this.fileMapper = fileMapper;
    }

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (String name : fileMapper.selectNewFiles()) {
            fileMapper.insertEvent(name, "FILE_RECEIVED");
        }
    }
}

@Mapper
interface FileMapper {

    @Select("SELECT file_name FROM inbound_file WHERE status = 'NEW'")
    List<String> selectNewFiles();

    @Insert("INSERT INTO process_events (file_name, event) VALUES (#{name}, #{event})")
    int insertEvent(@Param("name") String name, @Param("event") String event);
}
