// For each duplicate found, the job inserts the item's own tracking row and then marks that row REJECTED through the id the insert returned: the insert is the first half of the record, not an effect before it. (The move after the record is outside this rule's gap.) No finding.
package com.example.neg41;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class DuplicateUploadSweeper {

    private final UploadMapper uploads;
    private final BlobMover mover;

    public DuplicateUploadSweeper(UploadMapper uploads, BlobMover mover) {
        this.uploads = uploads;
        this.mover = mover;
    }

    @Scheduled(fixedDelay = 60000)
    public void sweep() {
        for (String name : uploads.selectDuplicateNames()) {
            long id = uploads.insertUpload(name);
            uploads.markRejected(id);
            mover.moveToRejected(name);
        }
    }
}

@Mapper
interface UploadMapper {
    @Select("SELECT file_name FROM incoming_blob WHERE duplicate = 1")
    List<String> selectDuplicateNames();

    @Insert("INSERT INTO upload (file_name, status) VALUES (#{name}, 'CREATED')")
    long insertUpload(@Param("name") String name);

    @Update("UPDATE upload SET status = 'REJECTED' WHERE id = #{id}")
    int markRejected(@Param("id") long id);
}

interface BlobMover {
    void moveToRejected(String name);
}
