// Safe twin of Pos15: the catch block writes the event and also moves the row to FAILED, out of the selection.
// A second job counts failures before it gives up. Neither is an implicit retry.
package com.example.e006.neg16;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class UploadScanJob {
    private final UploadMapper uploads;
    private final UploadEventMapper events;
    private final Converter converter;

    public UploadScanJob(UploadMapper uploads, UploadEventMapper events, Converter converter) {
        this.uploads = uploads;
        this.events = events;
        this.converter = converter;
    }

    @Scheduled(fixedDelay = 60000)
    public void scan() {
        for (Upload u : uploads.selectNew()) {
            try {
                converter.convert(u.getPath());
                uploads.markConverted(u.getId());
            } catch (Exception e) {
                events.saveEvent(u.getId(), "ERROR", e.getMessage());
                uploads.markFailed(u.getId());
            }
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void scanCounted() {
        for (Upload u : uploads.selectNew()) {
            try {
                converter.convert(u.getPath());
                uploads.markConverted(u.getId());
            } catch (Exception e) {
                events.saveEvent(u.getId(), "ERROR", e.getMessage());
                uploads.incrementFailureCount(u.getId());
            }
        }
    }

    // not work on an item: the try block only reads
    public String describe(Upload u) {
        try {
            return converter.describe(u.getPath());
        } catch (Exception e) {
            events.saveEvent(u.getId(), "DESCRIBE_ERROR", e.getMessage());
            return "?";
        }
    }
}

interface UploadMapper {
    @Select("SELECT id, path FROM upload WHERE status = 'NEW' AND failure_count < 5")
    List<Upload> selectNew();

    @Update("UPDATE upload SET status = 'CONVERTED' WHERE id = #{id}")
    int markConverted(@Param("id") long id);

    @Update("UPDATE upload SET status = 'FAILED' WHERE id = #{id}")
    int markFailed(@Param("id") long id);

    @Update("UPDATE upload SET failure_count = failure_count + 1 WHERE id = #{id}")
    int incrementFailureCount(@Param("id") long id);
}

interface UploadEventMapper {
    @Insert("INSERT INTO upload_events (upload_id, type, notes) VALUES (#{id}, #{type}, #{notes})")
    int saveEvent(@Param("id") long id, @Param("type") String type, @Param("notes") String notes);
}

interface Converter {
    void convert(String path);
    String describe(String path);
}

class Upload {
    private long id;
    private String path;
    long getId() { return id; }
    String getPath() { return path; }
}

// an item handled before is skipped with an event: nothing failed, nothing is retried
class AlreadyHandledSkip {
    private final UploadEventMapper events;
    private final Converter converter;
    private final UploadMapper uploads;

    AlreadyHandledSkip(UploadEventMapper events, Converter converter, UploadMapper uploads) {
        this.events = events;
        this.converter = converter;
        this.uploads = uploads;
    }

    void convert(Upload u) {
        try {
            converter.convert(u.getPath());
            uploads.markConverted(u.getId());
        } catch (PreviouslyFailedException e) {
            events.saveEvent(u.getId(), "SKIPPED", e.getMessage());
        }
    }
}

class PreviouslyFailedException extends RuntimeException {
}
